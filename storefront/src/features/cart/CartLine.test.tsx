import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cartCopy } from '../../content/cart';
import { stockCopy } from '../../content/stock';
import { STANDARD } from '../../test/fixtures';
import { CartLine } from './CartLine';

const line = (quantity: number, product = STANDARD) =>
  render(
    <ul>
      <CartLine item={{ ...product, quantity }} onQuantity={vi.fn()} onRemove={vi.fn()} />
    </ul>,
  );

describe('CartLine', () => {
  it('notes from 10 licences that a bulk order may need manual processing', () => {
    const { unmount } = line(9);
    expect(screen.queryByText(cartCopy.bulkNote(STANDARD.maxQuantity))).toBeNull();
    unmount();
    line(10);
    expect(screen.getByText(cartCopy.bulkNote(STANDARD.maxQuantity))).toBeTruthy();
  });

  it('cannot go past the maximum per order', () => {
    const { unmount } = line(STANDARD.maxQuantity - 1);
    const increase = () => screen.getByRole('button', { name: `Increase quantity of ${STANDARD.title}` });
    expect(increase()).toHaveProperty('disabled', false);
    unmount();
    line(STANDARD.maxQuantity);
    expect(increase()).toHaveProperty('disabled', true);
  });

  it("says before payment that a back-ordered product's keys follow later (#34)", () => {
    const { unmount } = line(1);
    expect(screen.queryByText(/Not in stock right now/)).toBeNull();
    unmount();
    line(1, { ...STANDARD, stockLevel: 'back_ordered', backOrderHours: 24 });
    expect(screen.getByText(stockCopy.backOrderNote(24))).toBeTruthy();
    expect(stockCopy.backOrderNote(24)).toContain('within 24 hours');
  });

  it('strikes no list price through without a stated source', () => {
    const { unmount } = line(1);
    expect(screen.queryByText('$202.49')).toBeNull();
    unmount();
    line(1, { ...STANDARD, listPriceSource: 'Microsoft Store (US)' });
    expect(screen.getByText('$202.49').tagName).toBe('S');
  });
});
