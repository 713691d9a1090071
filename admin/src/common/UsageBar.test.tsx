import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usagePercent, UsageBar } from './UsageBar';

describe('usagePercent', () => {
  it('is the share used', () => {
    expect(usagePercent(0, 5)).toBe(0);
    expect(usagePercent(2, 5)).toBe(40);
    expect(usagePercent(5, 5)).toBe(100);
  });

  it('is capped at 100 %', () => {
    expect(usagePercent(7, 5)).toBe(100);
    expect(usagePercent(3, 0)).toBe(100);
  });

  it('never goes below 0', () => {
    expect(usagePercent(-1, 5)).toBe(0);
    expect(usagePercent(0, 0)).toBe(0);
  });
});

describe('UsageBar', () => {
  it('shows count/max and a bar capped at 100', () => {
    render(<UsageBar used={9} limit={3} label="Activations" />);
    expect(screen.getByText('9/3')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Activations' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
  });
});
