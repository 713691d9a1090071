import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAID_ORDER_DETAIL } from '../test/fixtures';
import { OrderMargin } from './OrderMargin';

const MARGIN = {
  revenueCents: 4818,
  taxCents: 769,
  refundsCents: 1000,
  refundTaxCents: 160,
  keyCostCents: 1500,
  marginCents: 1709,
  keysWithoutCost: 0,
};

describe('the order’s margin', () => {
  it('shows paid, tax, refunds without their tax, the keys’ cost and the margin', () => {
    render(<OrderMargin order={{ ...PAID_ORDER_DETAIL, margin: MARGIN }} />);
    const table = within(screen.getByRole('region', { name: 'Margin' })).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Paid$48.18',
      'Tax-$7.69',
      'Refunded (without tax)-$8.40',
      'Keys’ cost-$15.00',
      'Margin$17.09',
    ]);
    expect(screen.queryByText(/no cost recorded/)).toBeNull();
  });

  it('warns of keys without a cost, and is not shown without a margin (support)', () => {
    const { unmount } = render(
      <OrderMargin order={{ ...PAID_ORDER_DETAIL, margin: { ...MARGIN, keysWithoutCost: 2 } }} />,
    );
    expect(screen.getByText(/2 keys have no cost recorded/)).toBeTruthy();
    unmount();
    render(<OrderMargin order={PAID_ORDER_DETAIL} />);
    expect(screen.queryByRole('region', { name: 'Margin' })).toBeNull();
  });
});
