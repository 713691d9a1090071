import type { APIRequestContext } from '@playwright/test';
import { randomKey } from '../support/staff.js';
import { backOrdered, expect, test, uniqueEmail } from './admin-fixtures.js';

const KEY = /^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/;

/** Puts back the inventory set aside by backOrdered, once the test is done with its order. */
let restock: (() => Promise<void>) | null = null;

/** A supplier batch of `productId` the keys typed or imported here go into (the back office asks for one). */
async function newBatch(api: APIRequestContext, productId: string): Promise<string> {
  const tag = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const supplier = await api.post('/api/admin/suppliers', { data: { name: `Journey supplier ${tag}` } });
  expect(supplier.status(), await supplier.text()).toBe(201);
  const invoiceReference = `INV-${tag}`;
  const batch = await api.post('/api/admin/key-batches', {
    data: {
      supplierId: ((await supplier.json()) as { id: number }).id,
      productId,
      invoiceReference,
      costPerKeyCents: 1850,
      currency: 'USD',
    },
  });
  expect(batch.status(), await batch.text()).toBe(201);
  return invoiceReference;
}

/** A back-ordered order (see backOrdered); its restock runs after the test. */
async function orderAwaitingKey(api: APIRequestContext, request: APIRequestContext, email: string) {
  const backOrder = await backOrdered(api, request, email);
  restock = backOrder.restock;
  return backOrder.orderId;
}

test.describe('licence keys', () => {
  // An import completes every paid order waiting for keys: the create journey's order must not be among them.
  test.describe.configure({ mode: 'serial' });
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
  test.afterEach(async () => {
    await restock?.();
    restock = null;
  });

  test('an admin creates a key with Generate, copies, revokes and re-activates it', async ({
    page,
    api,
    request,
  }) => {
    const email = uniqueEmail('licence');
    const orderId = await orderAwaitingKey(api, request, email);
    const invoice = await newBatch(api, 'office-2024-professional-plus');

    await page.goto('/admin/licenses');
    await page.getByRole('button', { name: 'Create License' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create License' });

    await dialog.getByRole('button', { name: 'Create License' }).click();
    // No order is allowed (the key then goes to stock), as the field says.
    await expect(dialog.getByText('Paid orders only. Leave empty to add the key to stock.')).toBeVisible();
    await expect(dialog.getByText('Product ID is required')).toBeVisible();
    await expect(dialog.getByText('License key is required')).toBeVisible();
    await expect(dialog.getByLabel('Activation Limit')).toHaveValue('1');
    await dialog.getByLabel('Activation Limit').fill('0');
    await dialog.getByRole('button', { name: 'Create License' }).click();
    await expect(dialog.getByText('Activation limit must be at least 1')).toBeVisible();
    await dialog.getByLabel('Activation Limit').fill('2');

    await dialog.getByLabel('Order').fill(email);
    const option = page.getByRole('option', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await expect(option).toContainText('$53.99');
    await option.click();
    await dialog.getByLabel('Product').click();
    await page.getByRole('option', { name: 'Office 2024 Professional Plus LTSC' }).click();
    await dialog.getByLabel('Batch').click();
    await page.getByRole('option', { name: new RegExp(invoice) }).click();

    const keyInput = dialog.getByLabel('License Key');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const first = await keyInput.inputValue();
    expect(first).toMatch(KEY);
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const key = await keyInput.inputValue();
    expect(key).toMatch(KEY);
    expect(key).not.toBe(first);

    await dialog.getByRole('button', { name: 'Create License' }).click();
    await expect(page.getByText('License key created')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByPlaceholder('Search by key, product or order ID').fill(key);
    const row = page.getByRole('row').filter({ hasText: key });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Office 2024 Professional Plus LTSC');
    await expect(row).toContainText(orderId.slice(0, 8));
    await expect(row).toContainText('0/2');
    await expect(row).toContainText('Active');

    await row.getByRole('button', { name: `Copy license key ${key}` }).click();
    await expect(page.getByText('License key copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    await row.getByRole('button', { name: `Revoke ${key}` }).click();
    // Revoking asks first, saying what it does.
    const confirm = page.getByRole('dialog', { name: 'Revoke this licence key?' });
    await expect(confirm).toContainText('It can no longer be activated');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByText('License key updated')).toBeVisible();
    await expect(row).toContainText('Revoked');
    await row.getByRole('button', { name: `Activate ${key}` }).click();
    await expect(row).toContainText('Active');
    await expect(row.getByRole('button', { name: `Revoke ${key}` })).toBeVisible();

    // The order is now delivered.
    const detail = await api.get(`/api/admin/orders/${orderId}`);
    expect(((await detail.json()) as { status: string }).status).toBe('fulfilled');

    // The same key again is refused with the server's reason.
    await page.getByRole('button', { name: 'Create License' }).click();
    await dialog.getByLabel('Order').fill(email);
    await page.getByRole('option', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).click();
    await dialog.getByLabel('Product').click();
    await page.getByRole('option', { name: 'Office 2024 Professional Plus LTSC' }).click();
    await dialog.getByLabel('Batch').click();
    await page.getByRole('option', { name: new RegExp(invoice) }).click();
    await keyInput.fill(key);
    await dialog.getByRole('button', { name: 'Create License' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Creation failed' })).toContainText(
      'This license key already exists',
    );
    await expect(dialog).toBeVisible();

    // Toasts come one at a time (the same failure twice more still shows one), clear of the dialog's buttons.
    await dialog.getByRole('button', { name: 'Create License' }).click();
    await dialog.getByRole('button', { name: 'Create License' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Creation failed' });
    await expect(failed).toHaveCount(1);
    const toast = (await failed.boundingBox())!;
    for (const button of await dialog.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      const apart =
        box.x >= toast.x + toast.width ||
        toast.x >= box.x + box.width ||
        box.y >= toast.y + toast.height ||
        toast.y >= box.y + box.height;
      expect(apart, `the toast covers ${await button.textContent()}`).toBe(true);
    }
  });

  test('a CSV import fills the inventory and reports imported, duplicate and invalid rows', async ({
    page,
    api,
  }) => {
    const invoice = await newBatch(api, 'office-2024-standard');
    const [a, b] = [randomKey(), randomKey()];
    const csv = ['productId,licenseKey', `office-2024-standard,${a}`, `office-2024-standard,${b}`];
    csv.push(`office-2024-standard,${a}`, 'office-2024-standard,NOT-A-KEY');

    await page.goto('/admin/licenses');
    await page.getByRole('button', { name: 'Import Keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Keys' });
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'keys.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.join('\n')),
    });
    await dialog.getByLabel('Batch').click();
    await page.getByRole('option', { name: new RegExp(invoice) }).click();
    await dialog.getByRole('button', { name: 'Import' }).click();

    const result = dialog.getByLabel('Import result');
    await expect(result).toContainText('Imported: 2');
    await expect(result).toContainText('Duplicates: 1');
    await expect(result).toContainText('Invalid: 1');
    await expect(result).toContainText('Line 5');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByPlaceholder('Search by key, product or order ID').fill(b);
    await expect(page.getByRole('row').filter({ hasText: 'Office 2024 Standard' })).toHaveCount(1);
  });
});
