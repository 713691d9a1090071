import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cartCopy } from '../../content/cart';
import { STANDARD } from '../../test/fixtures';
import { CartLine } from './CartLine';

const line = (quantity: number) =>
  render(
    <ul>
      <CartLine item={{ ...STANDARD, quantity }} onQuantity={vi.fn()} onRemove={vi.fn()} />
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
});
