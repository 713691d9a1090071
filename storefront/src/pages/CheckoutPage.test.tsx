import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { consentStatements } from '../content/consents';
import { restoreCart } from '../store/cart/cartListeners';
import { initialCartState } from '../store/cart/cartSlice';
import { CART_STORAGE_KEY } from '../store/cart/cartStorage';
import { PRODUCTS, PRO_PLUS, STANDARD } from '../test/fixtures';
import { challengeRequired, solveCheck } from '../test/challenge';
import { fill, fillBilling } from '../test/checkoutForm';
import { renderRoute } from '../test/render';

/** How many times the billing form has rendered. */
const billingForm = vi.hoisted(() => ({ renders: 0 }));
vi.mock('../features/checkout/BillingForm', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../features/checkout/BillingForm')>();
  return {
    BillingForm: (props: Parameters<typeof actual.BillingForm>[0]) => {
      billingForm.renders += 1;
      return createElement(actual.BillingForm, props);
    },
  };
});

const cart = {
  ...initialCartState,
  isLoading: false,
  items: [
    { id: STANDARD.id, quantity: 2 },
    { id: PRO_PLUS.id, quantity: 1 },
  ],
  appliedCoupon: { code: 'SAVE10', discount: 0.1 },
};

const INTENT = {
  orderId: '6f1c2d3e-0000-4000-8000-000000000001',
  clientSecret: 'demo_secret_1',
  provider: 'demo',
  currency: 'USD',
  subtotalCents: 13497,
  discountCents: 1350,
  totalCents: 12147,
  subtotal: 13497,
  discount: 1350,
  tax: 0,
  taxRate: 0,
  taxMode: 'off',
  taxCountry: null,
  total: 12147,
};

describe('CheckoutPage', () => {
  it('says the cart is empty when it is', async () => {
    renderRoute('/checkout', { cart: { ...initialCartState, isLoading: false } });
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(
      screen.getByText('Add some Microsoft Office licenses to get started with your purchase.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/');
  });

  it('renders the summary alone once the cart has been read, not the billing form', async () => {
    // As after hydrating the prerendered page: the cart not read yet, then read from the browser's storage.
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...STANDARD, quantity: 2 }]));
    const { store } = renderRoute('/checkout', undefined, { products: PRODUCTS });
    await screen.findByRole('form', { name: 'Billing information' });
    fill('Email address', 'jane@example.com');
    const renders = billingForm.renders;
    expect(renders, 'the counting BillingForm is the one rendered').toBeGreaterThan(0);

    act(() => void store.dispatch(restoreCart()));

    const items = await screen.findByRole('list', { name: 'Items in your order' });
    expect(items.textContent).toContain(STANDARD.title);
    expect(billingForm.renders).toBe(renders);
    expect(screen.getByLabelText('Email address', { exact: false })).toHaveProperty(
      'value',
      'jane@example.com',
    );
  });

  it('validates billing, creates the intent with ids and quantities only, pays in demo mode and confirms', async () => {
    const calls: { url: string; body?: unknown; headers?: Headers }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({
          url,
          body: init?.body ? JSON.parse(String(init.body)) : undefined,
          headers: new Headers(init?.headers),
        });
        if (url === '/api/create-payment-intent') return Response.json(INTENT, { status: 201 });
        if (url === '/api/payments/demo/confirm')
          return Response.json({ orderId: INTENT.orderId, status: 'fulfilled', paymentStatus: 'completed' });
        if (url.startsWith(`/api/orders/${INTENT.orderId}/status`))
          return Response.json({
            orderId: INTENT.orderId,
            status: 'fulfilled',
            paymentStatus: 'completed',
            customerEmail: 'jane@example.com',
          });
        return new Response('not found', { status: 404 });
      }),
    );
    const { store } = renderRoute('/checkout', { cart }, { products: PRODUCTS });

    expect(await screen.findByRole('heading', { name: '1. Billing Info' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Shopping' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Secure Checkout | Office Licence Store');
    const proceed = screen.getByRole('button', { name: 'Continue to Payment' });
    await waitFor(() => expect(proceed).toHaveProperty('disabled', true));

    fill('Email address', 'jane@');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    fillBilling();
    await waitFor(() => expect(proceed).toHaveProperty('disabled', false));
    fireEvent.click(proceed);

    expect(await screen.findByText('Demo payment, no charge.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('2. Payment'));
    const intentCall = calls.find((c) => c.url === '/api/create-payment-intent')!;
    expect(intentCall.body).toEqual({
      cartItems: [
        { id: STANDARD.id, quantity: 2 },
        { id: PRO_PLUS.id, quantity: 1 },
      ],
      couponCode: 'SAVE10',
      billing: {
        email: 'jane@example.com',
        firstName: 'Jane',
        lastName: 'Doe',
        address: '12 Market Street',
        city: 'Pune',
        country: 'IN',
        zipCode: '411001',
        phoneCountryCode: '+91',
        phone: '98765 43210',
      },
      currency: 'USD',
    });
    expect(intentCall.headers?.get('Idempotency-Key')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Complete Secure Purchase' }));
    expect(await screen.findByRole('heading', { name: 'Order Complete!' })).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/payments/demo/confirm')?.body).toEqual({
      orderId: INTENT.orderId,
      clientSecret: INTENT.clientSecret,
      outcome: 'succeed',
    });
    expect(await screen.findByText(/Order status: Fulfilled/)).toBeTruthy();
    expect(store.getState().cart.items).toEqual([]);
    expect(screen.getByRole('link', { name: 'Check Your Email' }).getAttribute('href')).toBe(
      'mailto:jane@example.com',
    );
  });

  it('keeps one order per checkout: the same order again when nothing changed, a replacing one when the cart did', async () => {
    const REPLACEMENT = {
      ...INTENT,
      orderId: '6f1c2d3e-0000-4000-8000-000000000009',
      clientSecret: 'demo_secret_9',
    };
    const calls: { body: Record<string, unknown>; key: string | null }[] = [];
    let releasePayment = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        // The payment is confirmed only when the test says so: meanwhile it is in flight.
        if (url === '/api/payments/demo/confirm')
          return new Promise<Response>((resolve) => {
            releasePayment = () =>
              resolve(
                Response.json({
                  orderId: REPLACEMENT.orderId,
                  status: 'fulfilled',
                  paymentStatus: 'completed',
                }),
              );
          });
        if (url !== '/api/create-payment-intent') return new Response('not found', { status: 404 });
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        calls.push({ body, key: new Headers(init?.headers).get('Idempotency-Key') });
        return Response.json(body.replacesOrder ? REPLACEMENT : INTENT, { status: 201 });
      }),
    );
    renderRoute('/checkout', { cart }, { products: PRODUCTS });
    await screen.findByRole('heading', { name: '1. Billing Info' });
    fillBilling();
    const proceed = screen.getByRole('button', { name: 'Continue to Payment' });
    await waitFor(() => expect(proceed).toHaveProperty('disabled', false));
    fireEvent.click(proceed);
    await screen.findByText('Demo payment, no charge.');
    await waitFor(() => expect(calls).toHaveLength(1));

    // Back to billing and on again, nothing changed: the same request under the same key (the same order).
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    await screen.findByText('Demo payment, no charge.');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual(calls[0]);

    // A quantity changed on the payment step: a new order that names the one it replaces.
    fireEvent.click(screen.getByRole('button', { name: `Increase quantity of ${PRO_PLUS.title}` }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.key).not.toBe(calls[0]!.key);
    expect(calls[2]!.body).toMatchObject({
      cartItems: [
        { id: STANDARD.id, quantity: 2 },
        { id: PRO_PLUS.id, quantity: 2 },
      ],
      replacesOrder: { orderId: INTENT.orderId, clientSecret: INTENT.clientSecret },
    });
    // And the next change replaces that one in turn.
    fireEvent.click(screen.getByRole('button', { name: `Decrease quantity of ${PRO_PLUS.title}` }));
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls[3]!.body).toMatchObject({
      replacesOrder: { orderId: REPLACEMENT.orderId, clientSecret: REPLACEMENT.clientSecret },
    });

    // While the payment is being confirmed the cart cannot change under it.
    await screen.findByText('Demo payment, no charge.');
    const increase = screen.getByRole('button', { name: `Increase quantity of ${PRO_PLUS.title}` });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Secure Purchase' }));
    await waitFor(() => expect(increase.isConnected).toBe(false));
    expect(screen.queryByRole('button', { name: `Increase quantity of ${PRO_PLUS.title}` })).toBeNull();
    releasePayment();
    expect(await screen.findByRole('heading', { name: 'Order Complete!' })).toBeTruthy();
    expect(calls).toHaveLength(4);
  });

  /** Fills billing and proceeds, the server refusing the order with `status` and `message`. */
  async function proceedRefused(status: number, message: string) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/create-payment-intent'
          ? Response.json({ statusCode: status, message }, { status })
          : new Response('', { status: 404 }),
      ),
    );
    renderRoute('/checkout', { cart }, { products: PRODUCTS });
    await screen.findByRole('heading', { name: '1. Billing Info' });
    fillBilling();
    const proceed = screen.getByRole('button', { name: 'Continue to Payment' });
    await waitFor(() => expect(proceed).toHaveProperty('disabled', false));
    fireEvent.click(proceed);
  }

  it('shows Payment Setup Failed when the intent cannot be created', async () => {
    await proceedRefused(502, 'Unable to initialize payment. Please try again.');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('Payment Setup Failed'))).toBe(
      true,
    );
    expect(
      screen.getAllByText('Unable to initialize payment. Please refresh and try again.').length,
    ).toBeGreaterThan(0);
  });

  it("shows a refusal that says what to change in the server's words: a total below the smallest payment", async () => {
    const refusal =
      'The total after the discount, $0.00, is less than the smallest payment possible in USD, $0.50: ' +
      'remove the coupon or add to the cart';
    await proceedRefused(422, refusal);
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('past the store-wide ceiling, shows the check and makes the order with its solution', async () => {
    const intents: RequestInit[] = [];
    const answers = [challengeRequired, () => Response.json(INTENT, { status: 201 })];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url !== '/api/create-payment-intent') return new Response('', { status: 404 });
        intents.push(init!);
        return answers.shift()!();
      }),
    );
    renderRoute('/checkout', { cart }, { products: PRODUCTS });
    await screen.findByRole('heading', { name: '1. Billing Info' });
    fillBilling();
    const proceed = screen.getByRole('button', { name: 'Continue to Payment' });
    await waitFor(() => expect(proceed).toHaveProperty('disabled', false));
    fireEvent.click(proceed);

    expect(await screen.findByText(/confirms you are a person/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await solveCheck('b3JkZXItc29sdmVk');
    expect(await screen.findByText('Demo payment, no charge.')).toBeTruthy();
    const headers = intents.map((init) => new Headers(init.headers));
    expect(headers.map((h) => h.get('X-Altcha'))).toEqual([null, 'b3JkZXItc29sdmVk']);
    // The same order: the same key and body, sent again with the solution.
    expect(headers[1]!.get('Idempotency-Key')).toBe(headers[0]!.get('Idempotency-Key'));
    expect(intents[1]!.body).toBe(intents[0]!.body);
    expect(document.querySelector('altcha-widget')).toBeNull();
  });

  describe('the statements of Art 16(m) on the payment step', () => {
    /** Records each create-payment-intent body and answers `answer` (the order, unless told otherwise). */
    function stubIntents(answer: () => Response = () => Response.json(INTENT, { status: 201 })) {
      const bodies: Record<string, unknown>[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init?: RequestInit) => {
          if (url !== '/api/create-payment-intent') return new Response('not found', { status: 404 });
          bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
          return answer();
        }),
      );
      return bodies;
    }

    /** A phone number of each country the tests bill: choosing a country chooses its phone code. */
    const PHONES: Record<string, string> = { DE: '030 123456', FR: '06 12 34 56 78', IN: '98765 43210' };

    async function toPayment(country: string) {
      renderRoute('/checkout', { cart }, { products: PRODUCTS });
      await screen.findByRole('heading', { name: '1. Billing Info' });
      fillBilling();
      fireEvent.change(screen.getByLabelText('Country', { exact: false }), { target: { value: country } });
      fill('Phone number', PHONES[country]);
      const proceed = screen.getByRole('button', { name: 'Continue to Payment' });
      await waitFor(() => expect(proceed).toHaveProperty('disabled', false));
      fireEvent.click(proceed);
      await screen.findByRole('heading', { name: '2. Payment' });
    }

    const box = (statement: string) => screen.getByRole('checkbox', { name: statement });

    it('makes a buyer billed in Germany tick both before any order is made, then sends both', async () => {
      const bodies = stubIntents();
      await toPayment('DE');

      const immediate = box(consentStatements.immediateDelivery);
      const withdrawal = box(consentStatements.withdrawalRightLoss);
      expect(immediate).toHaveProperty('checked', false);
      expect(withdrawal).toHaveProperty('checked', false);
      expect(
        screen.getByText('Buyers billed in the EU or the UK must tick both statements before paying.', {
          exact: false,
        }),
      ).toBeTruthy();
      expect(screen.getByText('Tick both statements above to continue to payment.')).toBeTruthy();
      const pay = screen.getByRole('button', { name: 'Complete Secure Purchase' });
      expect(pay).toHaveProperty('disabled', true);

      fireEvent.click(immediate);
      await waitFor(() => expect(immediate).toHaveProperty('checked', true));
      expect(screen.getByRole('button', { name: 'Complete Secure Purchase' })).toHaveProperty(
        'disabled',
        true,
      );
      expect(bodies).toEqual([]);

      fireEvent.click(withdrawal);
      expect(await screen.findByText('Demo payment, no charge.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Complete Secure Purchase' })).toHaveProperty(
        'disabled',
        false,
      );
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).toMatchObject({
        billing: { country: 'DE', phoneCountryCode: '+49' },
        consents: { immediateDelivery: true, withdrawalRightLoss: true },
      });

      // Taking one back stops the payment again; no new order is asked for.
      fireEvent.click(box(consentStatements.withdrawalRightLoss));
      expect(await screen.findByText('Tick both statements above to continue to payment.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Complete Secure Purchase' })).toHaveProperty(
        'disabled',
        true,
      );
      expect(bodies).toHaveLength(1);
    });

    it('does not ask a buyer billed elsewhere, who pays as before', async () => {
      const bodies = stubIntents();
      await toPayment('IN');
      expect(await screen.findByText('Demo payment, no charge.')).toBeTruthy();
      expect(screen.queryByRole('checkbox', { name: consentStatements.immediateDelivery })).toBeNull();
      expect(screen.queryByRole('checkbox', { name: consentStatements.withdrawalRightLoss })).toBeNull();
      expect(screen.getByRole('button', { name: 'Complete Secure Purchase' })).toHaveProperty(
        'disabled',
        false,
      );
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).not.toHaveProperty('consents');
    });

    it("shows the server's refusal in its words", async () => {
      const refusal =
        'Buyers billed in the EU or the UK must consent to immediate delivery (consents.immediateDelivery)';
      stubIntents(() =>
        Response.json(
          { statusCode: 400, error: 'Bad Request', message: refusal, errors: [{ message: refusal }] },
          { status: 400 },
        ),
      );
      await toPayment('FR');
      fireEvent.click(box(consentStatements.immediateDelivery));
      fireEvent.click(box(consentStatements.withdrawalRightLoss));
      expect(await screen.findByText(refusal)).toBeTruthy();
    });
  });
});
