import { expect, test, type APIRequestContext } from '@playwright/test';
import { accountLinkFor } from '../support/mail.js';

const LICENSE_KEY = /\b[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}\b/;

/** An order paid with the demo provider, through the API the checkout uses. */
async function placeOrder(request: APIRequestContext, email: string) {
  const intent = await request.post('/api/create-payment-intent', {
    data: {
      cartItems: [{ id: 'office-2024-home-business', quantity: 1 }],
      billing: {
        email,
        firstName: 'Maya',
        lastName: 'Iyer',
        address: '21 Lake Road',
        city: 'Chennai',
        country: 'IN',
        zipCode: '600001',
        phoneCountryCode: '+91',
        phone: '98400 12345',
      },
    },
  });
  expect(intent.status()).toBe(201);
  const { orderId, clientSecret } = (await intent.json()) as { orderId: string; clientSecret: string };
  const paid = await request.post('/api/payments/demo/confirm', { data: { orderId, clientSecret } });
  expect(paid.status()).toBe(200);
  return orderId;
}

test.describe('customer access to licences', () => {
  test('a shopper asks for a link at /login and sees the order, key and download at /account', async ({
    page,
    request,
    context,
  }) => {
    const email = `maya.${Date.now()}.${test.info().workerIndex}@example.com`;
    const orderId = await placeOrder(request, email);

    await page.goto('/');
    await page.goto('/login');
    await expect(page).toHaveTitle('Access your licences | Office Licence Store');
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByRole('status')).toContainText(
      'If this address has orders with us, a sign-in link is on its way.',
    );

    const link = await accountLinkFor(email);

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(link);
    const order = page.getByRole('article', { name: `Order ${orderId.slice(0, 8)}` });
    await expect(order).toContainText('Office 2024 Home & Business × 1');
    // The token has left the address bar (kept for the tab in sessionStorage).
    await expect(page).toHaveURL(/\/account$/);
    // In words, not the API's statuses.
    await expect(order).toContainText('Delivered');
    await expect(order).not.toContainText('fulfilled');
    const key = (await order.locator('code').first().textContent()) ?? '';
    expect(key).toMatch(LICENSE_KEY);
    await order.getByRole('button', { name: `Copy licence key ${key}` }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText(
      'License key copied to clipboard',
    );
    // Home & Business runs on Windows and Mac: an installer for each.
    await expect(order.getByRole('link', { name: /^Download for Windows: / })).toBeVisible();
    await expect(
      order.getByRole('link', { name: /^Download for Mac: Microsoft_Office_Installer\.pkg/ }),
    ).toBeVisible();
    await expect(order).toContainText(/0\/5 downloads/);
  });

  test('an invalid or expired link explains how to ask for a new one', async ({ page }) => {
    await page.goto('/account?token=not-a-real-token');
    await expect(page.getByText(/This sign-in link has expired or is not valid/)).toBeVisible();
    await page.getByRole('link', { name: 'ask for a new one' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
