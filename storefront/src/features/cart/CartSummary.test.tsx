import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartSummary } from './CartSummary';

const AMOUNTS = {
  currency: 'USD' as const,
  savingsCents: 0,
  subtotalCents: 4049,
  discountCents: 0,
  totalCents: 4049,
};

/** The summary's rows as "label: value". */
const rows = () =>
  screen.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

describe('CartSummary', () => {
  it('says before payment that keys not in stock follow, when the order’s payment says so (#34)', () => {
    const note =
      'Not all of these keys are in stock right now: those in stock are e-mailed once you pay, the rest within 24 hours.';
    const { unmount } = render(<CartSummary {...AMOUNTS} keysToFollowHours={24} />);
    expect(screen.getByText(note)).toBeTruthy();
    unmount();
    render(<CartSummary {...AMOUNTS} keysToFollowHours={null} />);
    expect(screen.queryByText(note)).toBeNull();
  });

  it('shows no saving line when nothing is saved, and each saving there is (#34)', () => {
    const { unmount } = render(<CartSummary {...AMOUNTS} />);
    expect(rows().some((row) => /savings/i.test(row))).toBe(false);
    expect(screen.queryByText('−$0.00')).toBeNull();
    unmount();
    render(<CartSummary {...AMOUNTS} savingsCents={500} discountCents={200} couponCode="SAVE2" />);
    expect(rows()).toEqual(
      expect.arrayContaining([
        'Product savings: −$5.00',
        'Promo code (SAVE2): −$2.00',
        'Total savings: −$7.00',
      ]),
    );
  });

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
    // Prices with the VAT in them say so at the total (#34).
    expect(rows()).toContain('Total (incl. VAT): $40.49');
  });

  it('says prices include the VAT, not that tax comes later, when they do and the country is not known (#34)', () => {
    render(<CartSummary {...AMOUNTS} taxAtCheckout pricesIncludeTax />);
    expect(rows()).toEqual(
      expect.arrayContaining(['Taxes and fees: Included in prices (EU and UK VAT)', 'Total: $40.49']),
    );
    expect(screen.queryByText('Calculated at checkout')).toBeNull();
  });

  it('says tax is worked out at checkout while the country is not known and the store charges it', () => {
    const { unmount } = render(<CartSummary {...AMOUNTS} taxAtCheckout />);
    expect(rows()).toEqual(
      expect.arrayContaining(['Taxes and fees: Calculated at checkout', 'Total: $40.49']),
    );
    unmount();
    // Tax off: the spec's line.
    render(<CartSummary {...AMOUNTS} taxAtCheckout={false} />);
    expect(rows()).toContain('Taxes and fees: $0.00');
  });

  it('shows a reverse-charged order’s 0 % with the note, and the net total', () => {
    render(
      <CartSummary
        {...AMOUNTS}
        totalCents={3403}
        tax={{ cents: 0, rate: 0, country: 'FR', included: true, reverseCharge: true }}
      />,
    );
    expect(rows()).toEqual(expect.arrayContaining(['VAT FR 0% (reverse charge): $0.00', 'Total: $34.03']));
    expect(rows().some((row) => row.startsWith('Taxes and fees'))).toBe(false);
    expect(screen.getByText('Reverse charge: VAT to be accounted for by the recipient.')).toBeTruthy();
  });

  it('says why VAT is charged to a business whose number could not be verified', () => {
    const unverified = 'We could not verify your VAT number, so VAT is charged at the consumer rate.';
    const { unmount } = render(
      <CartSummary
        {...AMOUNTS}
        tax={{ cents: 675, rate: 20, country: 'FR', included: true, vatNumberUnverified: true }}
      />,
    );
    expect(rows()).toContain('VAT FR 20% (included): $6.75');
    expect(screen.getByText(unverified, { exact: false })).toBeTruthy();
    expect(screen.queryByText(/Reverse charge/)).toBeNull();
    unmount();
    // With tax off no VAT is charged, and there is nothing to explain.
    render(
      <CartSummary
        {...AMOUNTS}
        tax={{ cents: 0, rate: 0, country: null, included: false, vatNumberUnverified: true }}
      />,
    );
    expect(rows()).toContain('Taxes and fees: $0.00');
    expect(screen.queryByText(unverified, { exact: false })).toBeNull();
  });

  it('asks a business whose VAT number is another company’s to check the company name, naming no company', () => {
    render(
      <CartSummary
        {...AMOUNTS}
        tax={{ cents: 810, rate: 20, country: 'FR', included: false, companyNameMismatch: true }}
      />,
    );
    expect(rows()).toContain('VAT FR 20%: $8.10');
    expect(
      screen.getByText(
        'The company name does not match the name registered for this VAT number, so VAT is charged at the consumer rate. To buy without VAT, go back and enter the Company name exactly as registered for the number.',
      ),
    ).toBeTruthy();
  });
});
