import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PRODUCTS, PRODUCTS_EUR } from '../test/fixtures';
import { cartOf, fillBilling } from '../test/checkoutForm';
import { renderRoute } from '../test/render';

const cart = cartOf(2);

const intentIn = (currency: string, n: number, totalCents: number) => ({
  orderId: `6f1c2d3e-0000-4000-8000-00000000003${n}`,
  clientSecret: `demo_secret_3${n}`,
  provider: 'demo',
  currency,
  subtotalCents: totalCents,
  discountCents: 0,
  totalCents,
  subtotal: totalCents,
  discount: 0,
  tax: 0,
  taxRate: 0,
  taxMode: 'off',
  taxCountry: null,
  total: totalCents,
});

describe('CheckoutPage in the buyer’s currency (#35)', () => {
  it('suggests the billing country’s currency without switching, sends the one chosen, and waits for a bank payment', async () => {
    const intents: { currency?: string }[] = [];
    const confirms: unknown[] = [];
    const EUR = intentIn('EUR', 2, 7598);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
        if (url === '/api/create-payment-intent') {
          intents.push(body as { currency?: string });
          const answer = body?.currency === 'EUR' ? EUR : intentIn('USD', 1, 8098);
          return Response.json(answer, { status: 201 });
        }
        if (url === '/api/payments/demo/confirm') {
          confirms.push(body);
          return Response.json({ orderId: EUR.orderId, status: 'processing', paymentStatus: 'processing' });
        }
        if (url.startsWith(`/api/orders/${EUR.orderId}/status`))
          return Response.json({
            orderId: EUR.orderId,
            status: 'processing',
            paymentStatus: 'processing',
            customerEmail: 'jane@example.com',
            awaitingKeys: false,
            backOrderHours: 24,
          });
        return new Response('not found', { status: 404 });
      }),
    );
    const { store } = renderRoute(
      '/checkout',
      { cart },
      { catalogues: { USD: PRODUCTS, EUR: PRODUCTS_EUR } },
    );

    // The page's first import and render can take seconds on a busy machine.
    expect(await screen.findByRole('heading', { name: '1. Billing Info' }, { timeout: 15_000 })).toBeTruthy();
    fillBilling();
    const proceed = screen.getByRole('button', { name: 'Continue to Payment' });
    await waitFor(() => expect(proceed).toHaveProperty('disabled', false));
    fireEvent.click(proceed);

    // Billed in India: rupees suggested, never switched to; the order is made in the currency shown.
    const suggestion = await screen.findByTestId('currency-suggestion');
    expect(suggestion.textContent).toContain('Billed in India? You can pay in INR instead.');
    await screen.findByText('Demo payment, no charge.');
    expect(intents).toHaveLength(1);
    expect(intents[0]!.currency).toBe('USD');
    expect(store.getState().cart.currency).toBe('USD');
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    expect(within(summary).getAllByText('$80.98')).not.toHaveLength(0);

    // The buyer chooses euros at checkout: the same cart, priced and ordered again in them.
    fireEvent.change(within(summary).getByTestId('currency-select'), { target: { value: 'EUR' } });
    await waitFor(() => expect(intents).toHaveLength(2));
    expect(intents[1]!.currency).toBe('EUR');
    expect(await within(summary).findAllByText('€75.98')).not.toHaveLength(0);
    expect(await screen.findByText('Total to pay: €75.98')).toBeTruthy();
    expect(localStorage.getItem('office-store.currency')).toBe('"EUR"');

    // A bank payment: the order waits for the bank, and the page says so, promising no keys before it. No
    // bank transfer for an order of this size.
    expect(screen.queryByRole('tab', { name: 'Bank transfer' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Bank payment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order, Pay by Bank' }));
    expect(await screen.findByRole('heading', { name: 'Order Placed: Payment Processing' })).toBeTruthy();
    expect(confirms).toEqual([{ orderId: EUR.orderId, clientSecret: EUR.clientSecret, outcome: 'delay' }]);
    expect(
      await screen.findByText(/Order status: Payment processing: your payment has not arrived yet/),
    ).toBeTruthy();
    expect(screen.getByText(/^Your licence keys will be e-mailed to/).textContent).toBe(
      'Your licence keys will be e-mailed to jane@example.com once the payment arrives.',
    );
    expect(screen.queryByText(/Order Complete!/)).toBeNull();
    // A whole checkout, three orders' worth of renders: a minute on a busy machine.
  }, 60_000);

  it('offers a bank transfer for a large order, and the order waits for it', async () => {
    const confirms: unknown[] = [];
    const LARGE = { ...intentIn('USD', 3, 53_990), bankTransfer: true };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
        if (url === '/api/create-payment-intent') return Response.json(LARGE, { status: 201 });
        if (url === '/api/payments/demo/confirm') {
          confirms.push(body);
          return Response.json({ orderId: LARGE.orderId, status: 'processing', paymentStatus: 'processing' });
        }
        if (url.startsWith(`/api/orders/${LARGE.orderId}/status`))
          return Response.json({
            orderId: LARGE.orderId,
            status: 'processing',
            paymentStatus: 'processing',
            customerEmail: 'jane@example.com',
            awaitingKeys: false,
            backOrderHours: 24,
          });
        return new Response('not found', { status: 404 });
      }),
    );
    renderRoute('/checkout', { cart }, { catalogues: { USD: PRODUCTS, EUR: PRODUCTS_EUR } });
    expect(await screen.findByRole('heading', { name: '1. Billing Info' }, { timeout: 15_000 })).toBeTruthy();
    fillBilling();
    const proceed = screen.getByRole('button', { name: 'Continue to Payment' });
    await waitFor(() => expect(proceed).toHaveProperty('disabled', false));
    fireEvent.click(proceed);
    fireEvent.click(await screen.findByRole('tab', { name: 'Bank transfer' }));
    expect(screen.getByText(/the account to pay into and your reference are e-mailed to you/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order, Pay by Bank Transfer' }));
    expect(await screen.findByRole('heading', { name: 'Order Placed: Payment Processing' })).toBeTruthy();
    expect(confirms).toEqual([
      { orderId: LARGE.orderId, clientSecret: LARGE.clientSecret, outcome: 'delay', method: 'bank_transfer' },
    ]);
  }, 60_000);
});
