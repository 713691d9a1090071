import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const loadStripe = vi.fn();
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (key: string) => loadStripe(key) }));

const { default: StripePaymentForm, confirmationOutcome } = await import('./StripePaymentForm');

describe('confirmationOutcome', () => {
  it("reads Stripe's answer: paid, waiting for the bank or for a bank transfer, or not paid", () => {
    expect(confirmationOutcome({ status: 'succeeded' })).toBe('paid');
    expect(confirmationOutcome({ status: 'requires_capture' })).toBe('paid');
    expect(confirmationOutcome({ status: 'processing' })).toBe('waiting');
    expect(
      confirmationOutcome({
        status: 'requires_action',
        next_action: { type: 'display_bank_transfer_instructions' },
      }),
    ).toBe('waiting');
    // 3-D Secure left unfinished, a declined card, no answer: not paid.
    expect(confirmationOutcome({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } })).toBe(
      'failed',
    );
    expect(confirmationOutcome({ status: 'requires_payment_method' })).toBe('failed');
    expect(confirmationOutcome(undefined)).toBe('failed');
  });
});

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
