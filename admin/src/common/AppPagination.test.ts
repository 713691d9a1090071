import { describe, expect, it } from 'vitest';
import { rangeLabel } from './AppPagination';

describe('rangeLabel', () => {
  it('shows the exact total', () => {
    expect(rangeLabel(1, 25, 1234, false)).toBe('1-25 of 1,234');
  });

  it('marks a capped total as a lower bound', () => {
    expect(rangeLabel(1, 25, 10000, true)).toBe('1-25 of 10,000+');
  });
});
