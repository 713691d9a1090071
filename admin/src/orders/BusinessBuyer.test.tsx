import { render, screen, within } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { BusinessBuyer } from './BusinessBuyer';
import { OrderDialog } from './OrderDialog';
import { PAID_ORDER_DETAIL } from '../test/fixtures';
import type { OrderDetail } from './types';

const CHECKED_AT = '2026-11-23T10:00:00.000Z';

/** A French business's order, its number verified by VIES and reverse-charged. */
const BUSINESS: OrderDetail = {
  ...PAID_ORDER_DETAIL,
  taxMode: 'exclusive',
  taxCountry: 'FR',
  billingCompany: 'Acme SARL',
  vatNumber: 'FR40303265045',
  vatNumberStatus: 'verified',
  vatCheckReference: 'WAPIAAAAA1B2C3D4',
  vatCheckedAt: CHECKED_AT,
  reverseCharge: true,
};

const group = () => screen.getByRole('group', { name: 'Business buyer' });

describe('the business buyer on an order', () => {
  it('shows the company, the number with VIES’s proof, and the reverse charge', () => {
    render(<BusinessBuyer order={BUSINESS} />);
    expect(group().textContent).toBe(
      'Acme SARL' +
        `VAT number FR40303265045: verified (VIES ref WAPIAAAAA1B2C3D4, ${new Date(CHECKED_AT).toLocaleString()})` +
        'Reverse charge: no VAT charged, the buyer accounts for it.',
    );
  });

  it('shows what VIES has registered for the number, and whether it is the company typed', () => {
    const answer = {
      valid: true as const,
      name: 'ACME S.A.R.L.',
      address: '8 RUE DE LA PAIX\n75002 PARIS',
      requestDate: '2026-11-29+01:00',
      requestIdentifier: 'WAPIAAAAA1B2C3D4',
      addressHasPostcode: true,
    };
    const { rerender } = render(
      <BusinessBuyer order={{ ...BUSINESS, vatNameMatch: 'match', vatCheckAnswer: answer }} />,
    );
    const vies = () => screen.getByLabelText('VIES answer').textContent;
    expect(vies()).toBe(
      'Registered to ACME S.A.R.L., 8 RUE DE LA PAIX, 75002 PARIS: the company name matches. (VIES, 2026-11-29+01:00)',
    );
    rerender(
      <BusinessBuyer
        order={{
          ...BUSINESS,
          billingCompany: 'Consumer Shopping Ltd',
          reverseCharge: false,
          vatNameMatch: 'mismatch',
          vatCheckAnswer: { ...answer, addressHasPostcode: false },
        }}
      />,
    );
    expect(vies()).toContain(
      '(the billing postcode is not in this address): not the company typed, so the consumer rate was charged.',
    );
    rerender(
      <BusinessBuyer
        order={{
          ...BUSINESS,
          vatNameMatch: 'undisclosed',
          vatCheckAnswer: { ...answer, name: null, address: null, addressHasPostcode: null },
        }}
      />,
    );
    expect(vies()).toContain('VIES gives no company name for this number');
  });

  it('says an unverified number was charged the consumer rate, and shows no reverse charge', () => {
    render(
      <BusinessBuyer
        order={{
          ...BUSINESS,
          vatNumberStatus: 'unverified',
          vatCheckReference: null,
          vatCheckedAt: null,
          reverseCharge: false,
        }}
      />,
    );
    expect(group().textContent).toBe(
      'Acme SARLVAT number FR40303265045: unverified: charged the consumer rate',
    );
  });

  it('names a verified check without a consultation number, and an unverified one with tax off', () => {
    const { unmount } = render(
      <BusinessBuyer order={{ ...BUSINESS, vatCheckReference: null, reverseCharge: false }} />,
    );
    expect(group().textContent).toContain(`verified (VIES, ${new Date(CHECKED_AT).toLocaleString()})`);
    unmount();
    render(
      <BusinessBuyer
        order={{ ...BUSINESS, taxMode: 'off', vatNumberStatus: 'unverified', reverseCharge: false }}
      />,
    );
    expect(group().textContent).toBe('Acme SARLVAT number FR40303265045: unverified');
  });

  it('shows a company without a VAT number, and nothing for a consumer', () => {
    const { unmount } = render(
      <BusinessBuyer order={{ ...BUSINESS, vatNumber: null, vatNumberStatus: null, reverseCharge: false }} />,
    );
    expect(group().textContent).toBe('Acme SARL');
    unmount();
    const { container } = render(<BusinessBuyer order={PAID_ORDER_DETAIL} />);
    expect(container.innerHTML).toBe('');
  });

  it('is shown with the customer in the order dialog', async () => {
    const dataProvider = testDataProvider({ getOne: async () => ({ data: BUSINESS }) as never });
    render(
      <AdminContext dataProvider={dataProvider}>
        <OrderDialog id={BUSINESS.id} onClose={() => {}} />
      </AdminContext>,
    );
    const customer = await screen.findByRole('region', { name: 'Customer Information' }, { timeout: 10_000 });
    expect(within(customer).getByRole('group', { name: 'Business buyer' }).textContent).toContain(
      'VAT number FR40303265045: verified',
    );
  });
});
