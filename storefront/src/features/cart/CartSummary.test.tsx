import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartSummary } from './CartSummary';

const AMOUNTS = { savingsCents: 0, subtotalCents: 4049, discountCents: 0, totalCents: 4049 };

/** The summary's rows as "label: value". */
const rows = () =>
  screen.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

describe('CartSummary', () => {
  it('shows the spec’s "Taxes and fees $0.00" while no tax is charged', () => {
    render(<CartSummary {...AMOUNTS} tax={{ cents: 0, rate: 0, country: null, included: false }} />);
    expect(rows()).toContain('Taxes and fees: $0.00');
  });

  it('shows the server’s tax with its country and rate, added or included', () => {
    const { unmount } = render(
      <CartSummary
        {...AMOUNTS}
        totalCents={4818}
        tax={{ cents: 769, rate: 19, country: 'DE', included: false }}
      />,
    );
    expect(rows()).toEqual(expect.arrayContaining(['VAT DE 19%: $7.69', 'Total: $48.18']));
    expect(rows().some((row) => row.startsWith('Taxes and fees'))).toBe(false);
    unmount();
    render(<CartSummary {...AMOUNTS} tax={{ cents: 1032, rate: 25.5, country: 'FI', included: true }} />);
    expect(rows()).toContain('VAT FI 25.5% (included): $10.32');
  });
});
