import { seriousViolations } from '../support/axe.js';
import { mailsTo } from '../support/mail.js';
import { expect, placeOrder, test, uniqueEmail } from './admin-fixtures.js';

const ACCOUNT_LINK = /https?:\/\/[^\s"<>]+\/account\?token=[^\s"<>]+/;

test('customers: search by the start of an address, open one, see their order and keys, send an access link', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('customer');
  const orderId = await placeOrder(request, { email, productId: 'office-2024-home-business' });
  // A look-alike address is another customer: it never appears on this one's page.
  await placeOrder(request, { email: email.replace('@example.com', '@example.co') });

  await page.goto('/admin/customers');
  await page
    .getByPlaceholder(/Name or e-mail address, or its start/)
    .fill(email.slice(0, email.indexOf('@') + 1));
  // The search reaches the URL after a debounce; a row clicked before that is navigated away from.
  await expect(page).toHaveURL(/filter=[^&]*customer-/);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('$242.99');
  await row.click();
  await expect(page).toHaveURL(/\/admin\/customers\/[^/]+\/show$/);

  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  const orders = page.getByRole('region', { name: 'Orders' });
  await expect(orders.getByRole('row')).toHaveCount(2);
  await expect(orders).toContainText(orderId.slice(0, 8));
  await expect(orders).toContainText('Fulfilled');
  // The admin sees the key in full.
  await expect(
    page
      .getByRole('region', { name: 'Licence keys' })
      .getByRole('cell', { name: /^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/ }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mails sent' })).toContainText('order-delivery');
  expect(await seriousViolations(page)).toEqual([]);

  const before = mailsTo(email).filter((mail) => ACCOUNT_LINK.test(mail)).length;
  await page.getByRole('button', { name: 'Send access link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Access link sent' })).toBeVisible();
  await expect.poll(() => mailsTo(email).filter((mail) => ACCOUNT_LINK.test(mail)).length).toBe(before + 1);
  // A second click within the minute is refused, with the reason.
  await page.getByRole('button', { name: 'Send access link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'less than a minute ago' })).toBeVisible();
});
