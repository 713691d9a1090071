import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { consentCopy, consentStatements } from '../content/consents';
import { PRODUCTS, STORE_CONFIG } from '../test/fixtures';
import { cartOf, fill } from '../test/checkoutForm';
import { renderRoute } from '../test/render';
import { resetStoreConfig } from '../test/storeConfig';

/** One Standard ($40.49, French VAT of 20 % included: $33.74 net). */
const cart = cartOf();

const INTENT = {
  orderId: '6f1c2d3e-0000-4000-8000-000000000021',
  clientSecret: 'demo_secret_21',
  provider: 'demo',
  currency: 'USD',
  subtotalCents: 4049,
  discountCents: 0,
  subtotal: 4049,
  discount: 0,
  taxMode: 'inclusive',
  taxCountry: 'FR',
};
const REVERSE_CHARGED = {
  ...INTENT,
  tax: 0,
  taxRate: 0,
  total: 3374,
  totalCents: 3374,
  reverseCharge: true,
  vatNumberStatus: 'verified',
};

/** The summary's rows as "label: value". */
const summaryRows = () =>
  within(screen.getByRole('complementary', { name: 'Order Summary' }))
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

/** Records each create-payment-intent body and answers with the next of `answers`. */
function stubIntents(...answers: (() => Response)[]) {
  const bodies: { billing: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== '/api/create-payment-intent') return new Response('not found', { status: 404 });
      bodies.push(JSON.parse(String(init?.body)) as { billing: Record<string, unknown> });
      return answers[Math.min(bodies.length, answers.length) - 1]!();
    }),
  );
  return bodies;
}

/** A French company's details on the billing step, with `vatNumber`; then on to payment, statements ticked. */
async function payAsFrenchBusiness(vatNumber: string) {
  await screen.findByRole('heading', { name: '1. Billing Info' });
  fill('Email address', 'claire@example.fr');
  fill('First name', 'Claire');
  fill('Last name', 'Martin');
  fill('Street address', '8 rue de la Paix');
  fill('City', 'Paris');
  fill('Country', 'FR');
  fill('Postal code', '75002');
  fill('Phone number', '01 23 45 67 89');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Buying for a business' }));
  fill('Company name', 'Atelier Martin SARL');
  fill('VAT number (optional)', vatNumber);
  await continueToPayment();
}

/** On to payment: a business with an EU VAT number is not asked for the statements until the server asks. */
async function continueToPayment() {
  const proceed = screen.getByRole('button', { name: 'Continue to Payment' });
  await waitFor(() => expect(proceed).toHaveProperty('disabled', false));
  fireEvent.click(proceed);
  await screen.findByRole('heading', { name: '2. Payment' });
}

/** The statements, once shown: ticked once, they stay ticked for the checkout. */
async function tickStatements() {
  for (const statement of [consentStatements.immediateDelivery, consentStatements.withdrawalRightLoss]) {
    const box = await screen.findByRole('checkbox', { name: statement });
    if (!(box as HTMLInputElement).checked) fireEvent.click(box);
  }
}

/** What the server answers a buyer billed in the EU without the statements. */
const STATEMENTS_MISSING = () => {
  const missing = [
    'Buyers billed in the EU or the UK must consent to immediate delivery (consents.immediateDelivery)',
    'Buyers billed in the EU or the UK must acknowledge that they lose the right of withdrawal (consents.withdrawalRightLoss)',
  ];
  return Response.json(
    {
      statusCode: 400,
      error: 'Bad Request',
      message: missing.join('; '),
      errors: missing.map((message) => ({ message })),
    },
    { status: 400 },
  );
};

describe('CheckoutPage: a business buyer, with tax on', () => {
  beforeEach(() => resetStoreConfig({ status: 'ready', config: { ...STORE_CONFIG, taxMode: 'inclusive' } }));

  it('sends the company and VAT number, and shows the reverse charge with the net total', async () => {
    const bodies = stubIntents(() => Response.json(REVERSE_CHARGED, { status: 201 }));
    renderRoute('/checkout', { cart }, { products: PRODUCTS });
    // Before the billing country is known: the prices include any VAT, nothing comes on top (#34).
    await screen.findByRole('heading', { name: '1. Billing Info' });
    expect(await screen.findByText('Included in prices (EU and UK VAT)')).toBeTruthy();
    expect(summaryRows()).toContain('Taxes and fees: Included in prices (EU and UK VAT)');

    await payAsFrenchBusiness('fr 40 303 265 045');

    expect(await screen.findByText('Demo payment, no charge.')).toBeTruthy();
    expect(bodies).toHaveLength(1);
    // The number confirmed: the consumer statements are neither shown nor sent (#34).
    expect(bodies[0]).not.toHaveProperty('consents');
    expect(screen.queryByRole('checkbox', { name: consentStatements.immediateDelivery })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: consentStatements.withdrawalRightLoss })).toBeNull();
    expect(screen.getByText(consentCopy.business)).toBeTruthy();
    expect(bodies[0]!.billing).toMatchObject({
      country: 'FR',
      company: 'Atelier Martin SARL',
      vatNumber: 'FR40303265045',
    });
    expect(summaryRows()).toEqual(
      expect.arrayContaining(['VAT FR 0% (reverse charge): $0.00', 'Total: $33.74']),
    );
    expect(screen.getByText('Reverse charge: VAT to be accounted for by the recipient.')).toBeTruthy();
  });

  it('asks for the statements when the number could not be verified, and says why VAT is charged', async () => {
    const bodies = stubIntents(STATEMENTS_MISSING, () =>
      Response.json(
        {
          ...INTENT,
          tax: 675,
          taxRate: 20,
          total: 4049,
          totalCents: 4049,
          reverseCharge: false,
          vatNumberStatus: 'unverified',
        },
        { status: 201 },
      ),
    );
    renderRoute('/checkout', { cart }, { products: PRODUCTS });
    await payAsFrenchBusiness('FR40303265045');
    // Refused without them: the statements are shown, and the pay button waits for both.
    await tickStatements();

    expect(await screen.findByText('Demo payment, no charge.')).toBeTruthy();
    expect(bodies.map((body) => (body as { consents?: unknown }).consents)).toEqual([
      undefined,
      { immediateDelivery: true, withdrawalRightLoss: true },
    ]);
    expect(screen.queryByText(consentCopy.business)).toBeNull();
    expect(summaryRows()).toEqual(
      expect.arrayContaining(['VAT FR 20% (included): $6.75', 'Total (incl. VAT): $40.49']),
    );
    expect(
      screen.getByText(
        'We could not verify your VAT number, so VAT is charged at the consumer rate. If your number is valid, contact us for an invoice without VAT.',
      ),
    ).toBeTruthy();
  });

  it('takes the buyer back to billing with the server’s refusal on the VAT number, and on once it is changed', async () => {
    const refusal = 'VAT number FR12345678901 is not registered for VAT (VIES)';
    const bodies = stubIntents(
      () =>
        Response.json(
          { statusCode: 400, error: 'Bad Request', message: refusal, errors: [{ message: refusal }] },
          { status: 400 },
        ),
      () => Response.json(REVERSE_CHARGED, { status: 201 }),
    );
    renderRoute('/checkout', { cart }, { products: PRODUCTS });
    await payAsFrenchBusiness('FR 1234 5678 901');

    expect(await screen.findByRole('heading', { name: '1. Billing Info' })).toBeTruthy();
    const vatNumber = screen.getByLabelText('VAT number (optional)');
    expect(vatNumber).toHaveProperty('value', 'FR 1234 5678 901');
    expect(vatNumber.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(`Please check your business details. ${refusal}`);
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toHaveProperty('disabled', true);

    fill('VAT number (optional)', 'FR40303265045');
    await continueToPayment();
    expect(await screen.findByText('Demo payment, no charge.')).toBeTruthy();
    expect(bodies.map((body) => body.billing.vatNumber)).toEqual(['FR12345678901', 'FR40303265045']);
  });

  it('keeps the spec’s "Taxes and fees $0.00" with tax off', async () => {
    resetStoreConfig({ status: 'ready', config: STORE_CONFIG });
    renderRoute('/checkout', { cart }, { products: PRODUCTS });
    await screen.findByRole('heading', { name: '1. Billing Info' });
    await waitFor(() => expect(summaryRows()).toContain('Taxes and fees: $0.00'));
    expect(screen.queryByText('Calculated at checkout')).toBeNull();
  });
});
