import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BillingForm } from './BillingForm';
import { emptyBilling, type Billing } from './billingSchema';
import type { BusinessRejection } from './businessRejections';

/** A French shopper's complete details, business box not ticked. */
const FRENCH: Billing = {
  ...emptyBilling,
  email: 'claire@example.fr',
  firstName: 'Claire',
  lastName: 'Martin',
  address: '8 rue de la Paix',
  city: 'Paris',
  country: 'FR',
  zipCode: '75002',
  phoneCountryCode: '+33',
  phone: '01 23 45 67 89',
};

const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label, { exact: false });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
const proceed = () => screen.getByRole('button', { name: 'Continue to Payment' });

describe('BillingForm: buying for a business', () => {
  it('keeps the spec’s form until the box is ticked, then asks for a company name and offers a VAT number', async () => {
    const onSubmit = vi.fn();
    render(<BillingForm initialValues={FRENCH} onSubmit={onSubmit} />);
    const box = screen.getByRole('checkbox', { name: 'Buying for a business' });
    expect(box).toHaveProperty('checked', false);
    expect(screen.queryByLabelText('Company name', { exact: false })).toBeNull();
    expect(screen.queryByLabelText('VAT number (optional)')).toBeNull();
    await waitFor(() => expect(proceed()).toHaveProperty('disabled', false));

    fireEvent.click(box);
    const company = await screen.findByLabelText('Company name', { exact: false });
    expect(company).toHaveProperty('required', true);
    const vatNumber = screen.getByLabelText('VAT number (optional)');
    expect(vatNumber).toHaveProperty('required', false);
    expect(
      screen.getByText('With its country code, e.g. FR40303265045. It is shown on your invoice.'),
    ).toBeTruthy();
    await waitFor(() => expect(proceed()).toHaveProperty('disabled', true));

    type('Company name', 'A');
    expect(await screen.findByText('Company name must be at least 2 characters')).toBeTruthy();
    type('Company name', 'Atelier Martin SARL');
    type('VAT number (optional)', '40303265045');
    expect(
      await screen.findByText('Please enter a VAT number starting with its country code, e.g. FR40303265045'),
    ).toBeTruthy();
    type('VAT number (optional)', 'FR 40 303 265 045');
    await waitFor(() => expect(proceed()).toHaveProperty('disabled', false));
    fireEvent.click(proceed());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      business: true,
      company: 'Atelier Martin SARL',
      vatNumber: 'FR 40 303 265 045',
    });
  });

  it('offers no VAT number outside the EU and the UK, and says why', async () => {
    render(<BillingForm initialValues={{ ...emptyBilling, business: true }} onSubmit={vi.fn()} />);
    expect(await screen.findByLabelText('Company name', { exact: false })).toBeTruthy();
    expect(screen.queryByLabelText('VAT number (optional)')).toBeNull();
    expect(
      screen.getByText('A VAT number can be given only for a billing address in the EU or the UK.'),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Country', { exact: false }), { target: { value: 'DE' } });
    expect(await screen.findByLabelText('VAT number (optional)')).toBeTruthy();
  });

  it('shows a number the server refused on its field, until it is changed', async () => {
    const message = 'VAT number FR12345678901 is not registered for VAT (VIES)';
    const rejected: BusinessRejection[] = [
      { field: 'vatNumber', value: 'FR12345678901', country: 'FR', message },
    ];
    const values = {
      ...FRENCH,
      business: true,
      company: 'Atelier Martin SARL',
      vatNumber: 'FR 1234 5678 901',
    };
    render(<BillingForm initialValues={values} rejected={rejected} onSubmit={vi.fn()} />);

    const vatNumber = screen.getByLabelText('VAT number (optional)');
    expect(vatNumber.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(message, { exact: false })).toHaveLength(2); // the field and the alert
    expect(screen.getByRole('alert').textContent).toBe(`Please check your business details. ${message}`);
    expect(proceed()).toHaveProperty('disabled', true);
    // Another field visited: the refusal stays.
    type('City', 'Lyon');
    await waitFor(() => expect(screen.getAllByText(message, { exact: false })).toHaveLength(2));

    type('VAT number (optional)', 'FR40303265045');
    await waitFor(() => expect(screen.queryByText(message, { exact: false })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(proceed()).toHaveProperty('disabled', false));
    // The same number typed again is refused again.
    type('VAT number (optional)', 'fr12345678901');
    await waitFor(() => expect(screen.getAllByText(message, { exact: false })).toHaveLength(2));
  });
});
