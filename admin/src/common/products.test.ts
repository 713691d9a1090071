import { describe, expect, it } from 'vitest';
import { productName } from './products';

describe('productName', () => {
  it('shows the catalogue title of a known product', () => {
    expect(productName('office-2024-standard')).toBe('Office 2024 Standard');
    expect(productName('office-2024-home-business')).toBe('Office 2024 Home & Business');
    expect(productName('office-2024-professional-plus')).toBe('Office 2024 Professional Plus LTSC');
  });

  it("falls back to the spec's rule: first hyphen to a space, each word capitalised", () => {
    expect(productName('office-2024-pro')).toBe('Office 2024-pro');
    expect(productName('visio-professional')).toBe('Visio Professional');
  });

  it('shows nothing for a missing id', () => {
    expect(productName(null)).toBe('');
    expect(productName(undefined)).toBe('');
  });
});
