import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAID_ORDER_DETAIL } from '../test/fixtures';
import { OrderMargin } from './OrderMargin';

const MARGIN = {
  currency: 'USD' as const,
  revenueCents: 4818,
  taxCents: 769,
  refundsCents: 1000,
  refundTaxCents: 160,
  keyCostCents: 1500,
  marginCents: 1709,
  keysWithoutCost: 0,
  keyCostRateDate: null,
  keysWithoutRate: 0,
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
    expect(screen.queryByText(/ECB rate/)).toBeNull();
  });

  it('is in the order’s currency, and says how keys bought in another were converted', () => {
    render(
      <OrderMargin
        order={{
          ...PAID_ORDER_DETAIL,
          currency: 'JPY',
          margin: {
            ...MARGIN,
            currency: 'JPY',
            revenueCents: 6000,
            taxCents: 0,
            refundsCents: 0,
            refundTaxCents: 0,
            keyCostCents: 1600,
            marginCents: 4400,
            keyCostRateDate: '2026-11-27',
            keysWithoutRate: 1,
          },
        }}
      />,
    );
    const table = within(screen.getByRole('region', { name: 'Margin' })).getByRole('table');
    expect(within(table).getAllByRole('row').at(-1)!.textContent).toBe('Margin¥4,400');
    expect(screen.getByText(/converted at the ECB rate of 2026-11-27/)).toBeTruthy();
    expect(screen.getByText(/1 key was bought in another currency with no exchange rate/)).toBeTruthy();
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
