import { fillBilling } from '../support/checkout.js';
import { mailsTo } from '../support/mail.js';
import { expect, listOf, placeOrder, test } from './admin-fixtures.js';

const LICENSE_KEY = /\b[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}\b/;

/** A disposable address (mailchecker's kept list): the fraud hold holds its orders for review. */
const disposableEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@mailinator.com`;

interface Row {
  id: string;
  status: string;
  paymentStatus: string;
  holdReasons: string[] | null;
}

test('a held order: the customer is told it is being reviewed, staff approve it, the keys e-mail arrives', async ({
  page,
}) => {
  const email = disposableEmail('held');
  await page.goto('/');
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Office 2024 Standard', exact: true }) })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await page.getByRole('button', { name: 'Proceed to Secure Checkout' }).click();
  await fillBilling(page, {
    email,
    firstName: 'Robin',
    lastName: 'Held',
    address: '12 Market Street',
    city: 'Pune',
    zipCode: '411001',
    phone: '98765 43210',
  });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Demo payment, no charge.')).toBeVisible();
  await page.getByRole('button', { name: 'Complete Secure Purchase' }).click();

  await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Order status' })).toHaveText(
    'Order status: Payment confirmed. Your order is being reviewed, usually within 12 hours. ' +
      'Your licence keys are e-mailed as soon as it is approved.',
  );
  await expect.poll(() => mailsTo(email).some((mail) => mail.includes('is being reviewed'))).toBe(true);
  expect(mailsTo(email).some((mail) => LICENSE_KEY.test(mail))).toBe(false);

  // Staff approve it in the review queue.
  await page.goto('/admin/reviews');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Disposable e-mail')).toBeVisible();
  await row.getByRole('button', { name: /^Approve order / }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this order?' });
  await expect(dialog).toContainText(`e-mailed to ${email}`);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Order approved')).toBeVisible();
  await expect(row).toHaveCount(0);

  await expect.poll(() => mailsTo(email).find((mail) => LICENSE_KEY.test(mail)) ?? '').toMatch(LICENSE_KEY);
});

test('staff see held orders with their reasons and reject one: refunded, the customer told', async ({
  page,
  request,
  api,
}) => {
  const email = disposableEmail('rejected');
  const orderId = await placeOrder(request, { email });
  const [held] = await listOf<Row>(api, 'orders', { id: [orderId] });
  expect(held).toMatchObject({
    status: 'on_hold',
    paymentStatus: 'completed',
    holdReasons: ['disposable-email'],
  });

  await page.goto('/admin/reviews');
  await expect(page.getByRole('banner')).toContainText('Review queue');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Disposable e-mail')).toBeVisible();
  await expect(row).toContainText('under 1 hour');
  await row.getByRole('button', { name: `Reject order ${orderId.slice(0, 8)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject this order?' });
  await expect(dialog).toContainText('refunded in full ($40.49)');
  await dialog.getByLabel('Note (staff only)').fill('Card holder did not answer');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Order rejected')).toBeVisible();
  await expect(row).toHaveCount(0);

  const [rejected] = await listOf<Row>(api, 'orders', { id: [orderId] });
  expect(rejected).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  await expect.poll(() => mailsTo(email).some((mail) => mail.includes('could not be completed'))).toBe(true);
  expect(mailsTo(email).some((mail) => LICENSE_KEY.test(mail))).toBe(false);
});
