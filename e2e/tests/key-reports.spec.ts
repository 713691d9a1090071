import { accountLinkFor, mailsTo } from '../support/mail.js';
import { expect, placeOrder, test, uniqueEmail } from './admin-fixtures.js';

const LICENSE_KEY = /\b[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}\b/;
/** A 1×1 PNG (the server checks the bytes, not the name or the declared type). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a customer reports a key that does not activate; staff replace it; the licence page shows the new key', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('key-report');
  const orderId = await placeOrder(request, { email });
  expect((await request.post('/api/account/link', { data: { email } })).status()).toBe(202);
  const link = await accountLinkFor(email);

  // The customer: the licence page, the report with a screenshot.
  await page.goto(link);
  const order = page.getByRole('article', { name: `Order ${orderId.slice(0, 8)}` });
  const oldKey = ((await order.locator('code').first().textContent()) ?? '').trim();
  expect(oldKey).toMatch(LICENSE_KEY);
  await order.getByRole('button', { name: `Report that licence key ${oldKey} doesn’t activate` }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a key that doesn’t activate' });
  await dialog
    .getByRole('textbox', { name: 'The error you saw' })
    .fill('Error 0xC004C060: this key cannot be used.');
  await dialog
    .getByLabel('Add a screenshot (optional)')
    .setInputFiles({ name: 'activation-error.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog).toContainText('activation-error.png');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(order).toContainText('we’re looking into it and will e-mail you');

  // Staff: the queue, the screenshot, the replacement from stock.
  await page.goto('/admin/key-reports');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(oldKey.slice(-5));
  await expect(row).toContainText('Error 0xC004C060');
  await row.getByRole('button', { name: 'Show screenshot' }).click();
  const screenshot = row.getByRole('img', { name: /^Screenshot sent with the report of / });
  // Drawn, not blocked by the back office's Content-Security-Policy.
  await expect.poll(() => screenshot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await row.getByRole('button', { name: /^Replace key / }).click();
  const confirm = page.getByRole('dialog', { name: 'Replace this key?' });
  await expect(confirm).toContainText(`${email} is e-mailed the new key`);
  await confirm.getByRole('button', { name: 'Replace key' }).click();
  await expect(page.getByText(`The new key was e-mailed to ${email}`)).toBeVisible();

  // The customer's e-mail and licence page: the new key; the old one replaced.
  const replacementMail = /Licence key: ([A-Z0-9]{5}(?:-[A-Z0-9]{5}){4})/;
  await expect
    .poll(() => mailsTo(email).find((mail) => mail.includes('Your replacement licence key')) ?? '')
    .toMatch(replacementMail);
  const newKey = mailsTo(email)
    .find((mail) => mail.includes('Your replacement licence key'))!
    .match(replacementMail)![1]!;
  expect(newKey).not.toBe(oldKey);
  await page.goto('/account');
  await expect(order.getByRole('button', { name: `Copy licence key ${newKey}` })).toBeVisible();
  const old = order.getByRole('listitem').filter({ hasText: oldKey });
  await expect(old).toContainText('Replaced: this key no longer works. Use its replacement.');
  await expect(old.getByRole('button', { name: /doesn’t activate/ })).toHaveCount(0);
});
