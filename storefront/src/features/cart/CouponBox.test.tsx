import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../test/render';
import { PRODUCTS, STANDARD } from '../../test/fixtures';
import { initialCartState } from '../../store/cart/cartSlice';
import { CouponBox } from './CouponBox';

const withItem = { cart: { ...initialCartState, items: [{ id: STANDARD.id, quantity: 2 }] } };
/** The catalogue as loaded: the subtotal the discount is taken from is its prices'. */
const loaded = { products: PRODUCTS };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('CouponBox', () => {
  it('enables Apply only for a non-blank code and shows Validating... while the server checks it', async () => {
    const answer = deferred<Response>();
    const fetchMock = vi.fn(() => answer.promise);
    vi.stubGlobal('fetch', fetchMock);
    const { store } = renderWithStore(<CouponBox />, withItem, loaded);

    const input = screen.getByLabelText('Enter promo code');
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(apply).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: ' save10 ' } });
    expect(apply).toHaveProperty('disabled', false);

    fireEvent.submit(input.closest('form')!);
    expect(screen.getByRole('button', { name: 'Validating...' })).toHaveProperty('disabled', true);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/coupons/validate',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ code: 'save10' }) }),
    );

    await act(async () => answer.resolve(Response.json({ code: 'SAVE10', discount: 0.1 })));
    expect(await screen.findByText('SAVE10')).toBeTruthy();
    expect(screen.getByText(/10% off/).textContent).toContain('$8.10');
    expect(store.getState().cart.appliedCoupon).toEqual({ code: 'SAVE10', discount: 0.1 });

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(store.getState().cart.appliedCoupon).toBeNull();
  });

  it('shows the spec message under the input for an unknown code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { statusCode: 404, message: 'This coupon code is not valid or has expired', error: 'Not Found' },
          { status: 404 },
        ),
      ),
    );
    const { store } = renderWithStore(<CouponBox />, withItem, loaded);
    fireEvent.change(screen.getByLabelText('Enter promo code'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('This coupon code is not valid or has expired')).toBeTruthy();
    expect(store.getState().cart.appliedCoupon).toBeNull();
  });

  it.each([
    ['a server error', async () => new Response('oops', { status: 500 })],
    [
      'a network failure',
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('says the check failed on %s', async (_label, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    renderWithStore(<CouponBox />, withItem, loaded);
    fireEvent.change(screen.getByLabelText('Enter promo code'), { target: { value: 'SAVE10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Unable to validate coupon. Please try again.')).toBeTruthy();
  });
});
