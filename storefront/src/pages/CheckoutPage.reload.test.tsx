import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '../test/fixtures';
import { cartOf, fill } from '../test/checkoutForm';
import { renderRoute } from '../test/render';

const cart = cartOf();

const valueOf = (label: string) => (screen.getByLabelText(label, { exact: false }) as HTMLInputElement).value;

describe('CheckoutPage: the billing details after a reload (#34)', () => {
  it('keeps what was typed for the tab and fills the form with it again', async () => {
    renderRoute('/checkout', { cart }, { products: PRODUCTS });
    await screen.findByRole('heading', { name: '1. Billing Info' });
    fill('Email address', 'claire@example.fr');
    fill('First name', 'Claire');
    fill('Last name', 'Martin');
    fill('Street address', '8 rue de la Paix');
    fill('City', 'Paris');
    fill('Country', 'FR');
    fill('Postal code', '75002');
    fill('Phone number', '06 12 34 56 78');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Buying for a business' }));
    fill('Company name', 'Atelier Martin SARL');

    // A reload: the page again, from nothing but what the tab kept.
    cleanup();
    renderRoute('/checkout', { cart }, { products: PRODUCTS });
    await screen.findByRole('heading', { name: '1. Billing Info' });
    await waitFor(() => expect(valueOf('Email address')).toBe('claire@example.fr'));
    expect(valueOf('First name')).toBe('Claire');
    expect(valueOf('Street address')).toBe('8 rue de la Paix');
    expect(valueOf('Postal code')).toBe('75002');
    expect(valueOf('Phone number')).toBe('06 12 34 56 78');
    expect(screen.getByRole('checkbox', { name: 'Buying for a business' })).toHaveProperty('checked', true);
    expect(valueOf('Company name')).toBe('Atelier Martin SARL');
    const proceed = screen.getByRole('button', { name: 'Continue to Payment' });
    await waitFor(() => expect(proceed).toHaveProperty('disabled', false));

    // Kept for the tab only, and nothing but the form's fields.
    expect(JSON.stringify({ ...localStorage })).not.toContain('claire');
    const kept = JSON.parse(sessionStorage.getItem('office-store.checkout-billing')!) as Record<
      string,
      unknown
    >;
    expect(Object.keys(kept).sort()).toEqual(
      [
        'address',
        'business',
        'city',
        'company',
        'country',
        'email',
        'firstName',
        'lastName',
        'phone',
        'phoneCountryCode',
        'vatNumber',
        'zipCode',
      ].sort(),
    );
  });

  it('ignores what it cannot read', async () => {
    sessionStorage.setItem(
      'office-store.checkout-billing',
      '{"email": 42, "firstName": "Ada", "cardNumber": "4242"',
    );
    renderRoute('/checkout', { cart }, { products: PRODUCTS });
    await screen.findByRole('heading', { name: '1. Billing Info' });
    expect(valueOf('First name')).toBe('');
  });
});
