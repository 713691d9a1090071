import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialCartState } from '../store/cart/cartSlice';
import { readPendingOrder, savePendingOrder } from '../features/checkout/pendingOrder';
import { STANDARD } from '../test/fixtures';
import { renderRoute } from '../test/render';

const ORDER = {
  orderId: '6f1c2d3e-0000-4000-8000-000000000002',
  clientSecret: 'pi_1_secret_2',
  email: 'kim@example.com',
};
const cart = {
  ...initialCartState,
  isLoading: false,
  items: [{ ...STANDARD, quantity: 1 }],
  totalItems: 1,
  totalPrice: 4049,
};

describe('SuccessPage', () => {
  afterEach(() => sessionStorage.clear());

  it('resolves a Stripe return to the order, shows its status and clears the cart', async () => {
    savePendingOrder(ORDER);
    const fetchMock = vi.fn(async () =>
      Response.json({
        orderId: ORDER.orderId,
        status: 'processing',
        paymentStatus: 'completed',
        customerEmail: ORDER.email,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { store } = renderRoute(
      `/success?payment_intent=pi_1&payment_intent_client_secret=${ORDER.clientSecret}&redirect_status=succeeded`,
      { cart },
    );

    expect(await screen.findByRole('heading', { name: 'Order Complete!' })).toBeTruthy();
    expect(screen.getByText(ORDER.email)).toBeTruthy();
    expect(await screen.findByText(/Payment confirmed: your licence keys are on their way/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/orders/${ORDER.orderId}/status?clientSecret=${ORDER.clientSecret}`,
      expect.anything(),
    );
    expect(store.getState().cart.items).toEqual([]);
    // Paid: the next checkout makes a new order instead of replacing this one.
    expect(readPendingOrder()).toMatchObject({ orderId: ORDER.orderId, paid: true });
  });

  it('says a payment the bank has not confirmed yet is processing, and that the keys follow its confirmation (#35)', async () => {
    savePendingOrder(ORDER);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          orderId: ORDER.orderId,
          status: 'processing',
          paymentStatus: 'processing',
          customerEmail: ORDER.email,
          awaitingKeys: false,
          backOrderHours: 24,
        }),
      ),
    );
    renderRoute(
      `/success?payment_intent=pi_1&payment_intent_client_secret=${ORDER.clientSecret}&redirect_status=processing`,
      { cart },
    );

    // The page's first import and render can take seconds on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Order Placed: Payment Processing' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Order status: Payment processing: your payment has not arrived yet (your bank’s confirmation, or the bank transfer you send). Your licence keys are e-mailed as soon as it arrives; if it fails or does not arrive, the order is cancelled and no keys are sent.',
    );
    expect(screen.queryByText(/Order Complete!|on their way|confirmation has been sent/)).toBeNull();
  });

  it('says a paid back-order’s keys follow by e-mail within the hours, not that they are on their way (#34)', async () => {
    savePendingOrder(ORDER);
    const fetchMock = vi.fn(async () =>
      Response.json({
        orderId: ORDER.orderId,
        status: 'processing',
        paymentStatus: 'completed',
        customerEmail: ORDER.email,
        awaitingKeys: true,
        backOrderHours: 24,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoute(`/success?payment_intent=pi_1&payment_intent_client_secret=${ORDER.clientSecret}`, { cart });

    expect(
      await screen.findByText(
        /Payment confirmed\. Some or all of your licence keys are not in stock yet: they follow by e-mail within 24 hours\./,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/on their way/)).toBeNull();
  });

  it('tells the shopper a paid order that could not be completed will be refunded', async () => {
    savePendingOrder(ORDER);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          orderId: ORDER.orderId,
          status: 'cancelled',
          paymentStatus: 'completed',
          customerEmail: ORDER.email,
        }),
      ),
    );
    renderRoute(
      `/success?payment_intent=pi_1&payment_intent_client_secret=${ORDER.clientSecret}&redirect_status=succeeded`,
      { cart },
    );
    expect(await screen.findByRole('heading', { name: 'Order Not Completed' })).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Order status: Not completed: no licence keys were sent and your payment will be refunded in full. We have e-mailed you the details.',
    );
    expect(screen.queryByRole('heading', { name: 'Order Complete!' })).toBeNull();
  });

  it("says a held order is being reviewed within the store's hours, never that its keys were sent", async () => {
    savePendingOrder(ORDER);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          orderId: ORDER.orderId,
          status: 'on_hold',
          paymentStatus: 'completed',
          customerEmail: ORDER.email,
        }),
      ),
    );
    renderRoute(
      `/success?payment_intent=pi_1&payment_intent_client_secret=${ORDER.clientSecret}&redirect_status=succeeded`,
      { cart },
    );
    expect(await screen.findByRole('heading', { name: 'Order Complete!' })).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Order status: Payment confirmed. Your order is being reviewed, usually within 12 hours. ' +
        'Your licence keys are e-mailed as soon as it is approved.',
    );
  });

  it('shows the failure with a way back to the checkout, keeping the cart', async () => {
    savePendingOrder(ORDER);
    const { store } = renderRoute(
      `/success?payment_intent=pi_1&payment_intent_client_secret=${ORDER.clientSecret}&redirect_status=failed`,
      { cart },
    );
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Checkout' }).getAttribute('href')).toBe('/checkout');
    expect(store.getState().cart.items).toHaveLength(1);
  });

  it('thanks nobody when there is no order: a visit without a payment says so', async () => {
    renderRoute('/success', { cart });
    expect(await screen.findByRole('heading', { name: 'No order to confirm' })).toBeTruthy();
    expect(screen.queryByText(/Thank you for your order/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Access your licences' }).getAttribute('href')).toBe('/login');
  });

  it('thanks a shopper whose payment returned to another browser, without its details', async () => {
    renderRoute(
      '/success?payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_x&redirect_status=succeeded',
      {
        cart,
      },
    );
    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toBeTruthy();
  });
});
