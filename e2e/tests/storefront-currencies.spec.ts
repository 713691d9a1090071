import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfText } from '@store/testing';
import { fillBilling, giveStatements, type BillingInput } from '../support/checkout.js';
import { accountLinkFor, mailsTo } from '../support/mail.js';

// Buying in the buyer's currency with the demo provider's three ways to pay (#35): a card, a wallet, and a
// bank payment that confirms later. Prices are the demo catalogue's price lists (CATALOG_PRICES).

const LICENSE_KEY = /\b[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}\b/;

function card(page: Page, title: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** Chooses the currency above the catalogue and puts one Office 2024 Standard in the cart. */
async function addStandardIn(page: Page, currency: string, price: string): Promise<void> {
  await page.goto('/');
  const standard = card(page, 'Office 2024 Standard');
  await expect(standard).toContainText('$40.49');
  await page.getByTestId('currency-select').first().selectOption(currency);
  await expect(standard).toContainText(price);
  await standard.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: 'Proceed to Secure Checkout' }).click();
}

async function toPayment(page: Page, billing: BillingInput, statements: boolean): Promise<void> {
  await fillBilling(page, billing);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  if (statements) await giveStatements(page);
  await expect(page.getByText('Demo payment, no charge.')).toBeVisible();
}

/** The delivery e-mail of `email`, once it has arrived. */
async function deliveryTo(email: string): Promise<string> {
  const found = () => mailsTo(email).find((mail) => LICENSE_KEY.test(mail)) ?? '';
  await expect.poll(found).toMatch(LICENSE_KEY);
  return found();
}

const stamp = () => `${Date.now()}.${test.info().workerIndex}`;

/** The text of the invoice PDF the buyer downloads from their licence page (signed in by e-mailed link). */
async function invoiceText(page: Page, email: string): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');
  await page.goto(await accountLinkFor(email));
  const invoice = page
    .getByRole('article', { name: /^Order / })
    .getByRole('button', { name: /^Download invoice \d{4}-\d{6}$/ });
  const downloading = page.waitForEvent('download');
  await invoice.click();
  return pdfText(readFileSync((await (await downloading).path())!));
}

test.describe('buying in the buyer’s currency', () => {
  test('in yen by card: ¥6,000 with no decimals, charged, delivered and invoiced in JPY', async ({
    page,
  }) => {
    const email = `yen.${stamp()}@example.com`;
    await addStandardIn(page, 'JPY', '¥6,000');
    // The order is created when the payment step opens, in the currency shown.
    const created = page.waitForResponse('**/api/create-payment-intent');
    await toPayment(
      page,
      {
        email,
        firstName: 'Haruki',
        lastName: 'Sato',
        address: '1-1 Marunouchi',
        city: 'Tokyo',
        country: 'JP',
        zipCode: '100-0005',
        phone: '090-1234-5678',
      },
      false,
    );
    const sidebar = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(sidebar).toContainText(/Total\s*¥6,000/);
    expect(((await created).request().postDataJSON() as { currency: string }).currency).toBe('JPY');
    await page.getByTestId('demo-pay-card').click();
    await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible();
    // The receipt's amounts are in yen, without decimals (the mail is read as bytes: the sign is not checked).
    const delivery = await deliveryTo(email);
    expect(delivery).toContain('6,000');
    expect(delivery).not.toContain('40.49');
    // The invoice too: whole yen, in JPY.
    const invoice = await invoiceText(page, email);
    expect(invoice).toContain('¥6,000');
    expect(invoice).toContain('Amounts in JPY.');
    expect(invoice).not.toMatch(/\$|¥6,000\.00|40\.49/);
  });

  test('in euros with the wallet, billed in Germany: €37.99, delivered and invoiced in EUR', async ({
    page,
  }) => {
    const email = `euro.${stamp()}@example.com`;
    await addStandardIn(page, 'EUR', '€37.99');
    await toPayment(
      page,
      {
        email,
        firstName: 'Lena',
        lastName: 'Braun',
        address: 'Hauptstraße 5',
        city: 'Berlin',
        country: 'DE',
        zipCode: '10115',
        phone: '030 1234 5678',
      },
      true,
    );
    await expect(page.getByRole('complementary', { name: 'Order Summary' })).toContainText(/Total\s*€37\.99/);
    await page.getByTestId('demo-wallet').click();
    await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible();
    const delivery = await deliveryTo(email);
    expect(delivery).toContain('37.99');
    expect(delivery).not.toContain('40.49');
    const invoice = await invoiceText(page, email);
    expect(invoice).toContain('€37.99');
    expect(invoice).toContain('Amounts in EUR.');
    expect(invoice).not.toContain('$');
  });

  test('in pounds by a bank payment that confirms later: nothing delivered until it settles', async ({
    page,
  }) => {
    const email = `pound.${stamp()}@example.com`;
    await addStandardIn(page, 'GBP', '£32.99');
    const created = page.waitForResponse('**/api/create-payment-intent');
    await toPayment(
      page,
      {
        email,
        firstName: 'Sam',
        lastName: 'Lee',
        address: '1 High Street',
        city: 'London',
        country: 'GB',
        zipCode: 'SW1A 1AA',
        phone: '020 7946 0958',
      },
      true,
    );
    const { orderId, clientSecret, currency } = (await (await created).json()) as {
      orderId: string;
      clientSecret: string;
      currency: string;
    };
    expect(currency).toBe('GBP');
    await page.getByTestId('demo-pay-later-tab').click();
    await page.getByTestId('demo-pay-later').click();
    await expect(page.getByRole('heading', { name: 'Order Placed: Payment Processing' })).toBeVisible();
    // The shopper is told the payment is being processed; no key yet.
    await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
    expect(mailsTo(email).some((mail) => LICENSE_KEY.test(mail))).toBe(false);

    // The bank confirms: the keys follow, in pounds.
    const settled = await page.request.post('/api/payments/demo/settle', {
      data: { orderId, clientSecret, outcome: 'succeed' },
    });
    expect(settled.status()).toBe(200);
    const delivery = await deliveryTo(email);
    expect(delivery).toContain('32.99');
    expect(delivery).not.toContain('40.49');
    await expect(page.getByText(/Order status: Fulfilled/)).toBeVisible();
  });

  test('a large order by bank transfer: told how to pay, paid once the transfer arrives, then reviewed', async ({
    page,
  }) => {
    const email = `transfer.${stamp()}@example.com`;
    // Three Home & Business: $728.97, an amount a bank transfer is offered for.
    await page.addInitScript(() =>
      localStorage.setItem(
        'office-store.cart',
        JSON.stringify([{ id: 'office-2024-home-business', quantity: 3 }]),
      ),
    );
    await page.goto('/checkout');
    await expect(page.getByRole('textbox', { name: 'Email address' })).toBeEditable();
    const created = page.waitForResponse('**/api/create-payment-intent');
    await toPayment(
      page,
      {
        email,
        firstName: 'Ada',
        lastName: 'Byron',
        address: '1 Main Street',
        city: 'Boston',
        country: 'US',
        zipCode: '02108',
        phone: '617 555 0100',
      },
      false,
    );
    const { orderId, clientSecret, bankTransfer } = (await (await created).json()) as {
      orderId: string;
      clientSecret: string;
      bankTransfer: boolean;
    };
    expect(bankTransfer).toBe(true);
    await page.getByTestId('demo-bank-transfer-tab').click();
    await page.getByTestId('demo-bank-transfer').click();
    await expect(page.getByRole('heading', { name: 'Order Placed: Payment Processing' })).toBeVisible();
    // The buyer is told what to send and the reference; no key before the money.
    const reference = `DEMO-${orderId.slice(0, 8).toUpperCase()}`;
    await expect
      .poll(() => mailsTo(email).find((mail) => mail.includes(reference)) ?? '')
      .toContain('728.97');
    expect(mailsTo(email).some((mail) => LICENSE_KEY.test(mail))).toBe(false);

    const settled = await page.request.post('/api/payments/demo/settle', {
      data: { orderId, clientSecret, outcome: 'succeed' },
    });
    expect(settled.status()).toBe(200);
    // Paid; a first order this large is reviewed before its keys go out (the shipped fraud rules), as by card.
    await expect(
      page.getByText(/Order status: Payment confirmed\. Your order is being reviewed/),
    ).toBeVisible();
    expect(mailsTo(email).some((mail) => LICENSE_KEY.test(mail))).toBe(false);
  });
});
