import { expect, test, type Page } from '@playwright/test';
import { fillBilling, giveStatements } from '../support/checkout.js';

async function toPaymentStep(page: Page) {
  await page.goto('/');
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Office 2024 Standard', exact: true }) })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await page.getByRole('button', { name: 'Proceed to Secure Checkout' }).click();
  await fillBilling(page, {
    email: `stripe.${Date.now()}@example.com`,
    firstName: 'Lena',
    lastName: 'Braun',
    address: 'Hauptstraße 5',
    city: 'Berlin',
    country: 'DE',
    zipCode: '10115',
    phone: '030 1234 5678',
  });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  // Billed in Germany: both statements of Art 16(m) before any payment is set up.
  await giveStatements(page);
}

test.describe('payment providers', () => {
  test('Stripe mode: step 2 uses the stand-in server amount and, Stripe.js being unreachable, shows Payment Setup Failed', async ({
    page,
  }) => {
    const intentBodies: unknown[] = [];
    // A local stand-in for the payment-intent API in Stripe mode, with a total only the server could know.
    await page.route('**/api/create-payment-intent', async (route) => {
      intentBodies.push(route.request().postDataJSON());
      await route.fulfill({
        status: 201,
        json: {
          orderId: '0b7f6a52-3a4c-4c3e-9d55-3a1f5a0c9e11',
          clientSecret: 'pi_standin_secret_standin',
          provider: 'stripe',
          publishableKey: 'pk_test_standin',
          currency: 'USD',
          subtotalCents: 4049,
          discountCents: 405,
          totalCents: 3644,
        },
      });
    });
    const stripeRequests: string[] = [];
    await page.route(/^https:\/\/([a-z-]+\.)?stripe\.(com|network)\//, async (route) => {
      stripeRequests.push(route.request().url());
      await route.abort('internetdisconnected');
    });

    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    await toPaymentStep(page);

    await expect(page.getByRole('alert').filter({ hasText: 'Payment Setup Failed' })).toContainText(
      'Unable to initialize payment. Please refresh and try again.',
    );
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Order Summary' })).toContainText(
      /Total\s*\$36\.44/,
    );
    // Stripe.js was asked for (blocked by the network or by the content security policy) and failed.
    expect([...stripeRequests, ...consoleErrors].join('\n')).toContain('js.stripe.com');
    expect(intentBodies).toHaveLength(1);
    expect(intentBodies[0]).toMatchObject({ cartItems: [{ id: 'office-2024-standard', quantity: 1 }] });
    expect(JSON.stringify(intentBodies[0])).not.toMatch(/price|amount|total/i);
  });

  test('demo mode requests nothing from any other host, and Stripe code is not loaded', async ({
    page,
    baseURL,
  }) => {
    const foreign: string[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(baseURL!) && !url.startsWith('data:')) foreign.push(url);
      if (request.resourceType() === 'script') scripts.push(url);
    });

    await toPaymentStep(page);
    await expect(page.getByText('Demo payment, no charge.')).toBeVisible();
    await page.getByRole('button', { name: 'Complete Secure Purchase' }).click();
    await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible();

    expect(foreign).toEqual([]);
    expect(scripts.filter((url) => /StripePaymentForm/.test(url))).toEqual([]);
  });
});
