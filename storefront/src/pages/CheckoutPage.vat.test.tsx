import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCTS, STORE_CONFIG } from '../test/fixtures';
import { cartOf, fill } from '../test/checkoutForm';
import { renderRoute } from '../test/render';
import { resetStoreConfig } from '../test/storeConfig';

/** One Standard ($40.49). */
const cart = cartOf();

/** The summary's rows as "label: value". */
const summaryRows = () =>
  within(screen.getByRole('complementary', { name: 'Order Summary' }))
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

/** Answers GET /api/tax-rates; records whether an order was asked for. */
function stubRates(taxMode: 'inclusive' | 'exclusive') {
  const intents: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/tax-rates')
        return Response.json({
          taxMode,
          rates: [
            { country: 'DE', rate: 19 },
            { country: 'FR', rate: 20 },
          ],
        });
      if (url === '/api/create-payment-intent') intents.push(init?.body);
      return new Response('not found', { status: 404 });
    }),
  );
  return intents;
}

/** Lena, billed in Germany, on to the payment step (its statements not ticked yet). */
async function toPaymentInGermany() {
  renderRoute('/checkout', { cart }, { products: PRODUCTS });
  await screen.findByRole('heading', { name: '1. Billing Info' });
  fill('Email address', 'lena@example.de');
  fill('First name', 'Lena');
  fill('Last name', 'Braun');
  fill('Street address', 'Hauptstraße 5');
  fill('City', 'Berlin');
  fill('Country', 'DE');
  fill('Postal code', '10115');
  fill('Phone number', '030 1234 5678');
  const proceed = screen.getByRole('button', { name: 'Continue to Payment' });
  await waitFor(() => expect(proceed).toHaveProperty('disabled', false));
  fireEvent.click(proceed);
  await screen.findByRole('heading', { name: '2. Payment' });
}

describe('CheckoutPage: VAT as soon as the billing country is known (#34)', () => {
  beforeEach(() => resetStoreConfig({ status: 'ready', config: { ...STORE_CONFIG, taxMode: 'inclusive' } }));

  it('shows the VAT a German consumer’s price includes before the statements are ticked', async () => {
    const intents = stubRates('inclusive');
    await toPaymentInGermany();
    // 4049 − 4049 / 1.19 (3402.52 → 3403) = $6.46, as the server will figure it.
    await waitFor(() =>
      expect(summaryRows()).toEqual(
        expect.arrayContaining(['VAT DE 19% (included): $6.46', 'Total (incl. VAT): $40.49']),
      ),
    );
    expect(screen.queryByText('Calculated at checkout')).toBeNull();
    expect(intents).toEqual([]);
  });

  it('adds the VAT to prices without it', async () => {
    resetStoreConfig({ status: 'ready', config: { ...STORE_CONFIG, taxMode: 'exclusive' } });
    stubRates('exclusive');
    await toPaymentInGermany();
    // 4049 × 19 % = 769.31 → $7.69 on top.
    await waitFor(() =>
      expect(summaryRows()).toEqual(expect.arrayContaining(['VAT DE 19%: $7.69', 'Total: $48.18'])),
    );
  });
});
