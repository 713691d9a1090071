import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const loadStripe = vi.fn();
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (key: string) => loadStripe(key) }));

const { default: StripePaymentForm } = await import('./StripePaymentForm');

describe('StripePaymentForm', () => {
  it('reports a setup failure when Stripe.js cannot be loaded', async () => {
    loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    const onSetupFailed = vi.fn();
    render(
      <StripePaymentForm
        publishableKey="pk_test_1"
        clientSecret="pi_1_secret_1"
        total={{ cents: 3644, currency: 'EUR' }}
        onPaid={vi.fn()}
        onFailed={vi.fn()}
        onSetupFailed={onSetupFailed}
      />,
    );
    await waitFor(() => expect(onSetupFailed).toHaveBeenCalledTimes(1));
    expect(onSetupFailed.mock.calls[0][0].message).toBe('Failed to load Stripe.js');
    expect(loadStripe).toHaveBeenCalledWith('pk_test_1');
  });

  it('reports a setup failure when Stripe.js resolves to nothing', async () => {
    loadStripe.mockResolvedValueOnce(null);
    const onSetupFailed = vi.fn();
    render(
      <StripePaymentForm
        publishableKey="pk_test_2"
        clientSecret="pi_2_secret_2"
        total={{ cents: 100, currency: 'USD' }}
        onPaid={vi.fn()}
        onFailed={vi.fn()}
        onSetupFailed={onSetupFailed}
      />,
    );
    await waitFor(() => expect(onSetupFailed).toHaveBeenCalledTimes(1));
  });
});
