import { seriousViolations } from '../support/axe.js';
import { randomKey } from '../support/staff.js';
import { expect, test } from './admin-fixtures.js';

test.describe('key batches (#21 §1)', () => {
  test('an admin adds a supplier, imports keys into a new batch with a cost, and follows the batch', async ({
    page,
    api,
  }) => {
    const tag = `${Date.now()}`;
    const supplier = `Journey Keys ${tag}`;
    const invoice = `INV-J-${tag}`;

    // The supplier, from its own page.
    await page.goto('/admin/suppliers');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByLabel('Name').fill(supplier);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row').filter({ hasText: supplier })).toHaveCount(1);

    // The keys, with no productId column: the batch's product is theirs.
    const keys = [randomKey(), randomKey(), randomKey()];
    await page.goto('/admin/license-keys');
    await page.getByRole('button', { name: 'Import Keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Keys' });
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'batch.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['licenseKey', ...keys].join('\n')),
    });
    await dialog.getByLabel('Batch').click();
    await page.getByRole('option', { name: 'New batch…' }).click();
    await dialog.getByLabel('Supplier').click();
    await page.getByRole('option', { name: supplier }).click();
    await dialog.getByLabel('Product').click();
    await page.getByRole('option', { name: 'Office 2024 Home & Business' }).click();
    await dialog.getByLabel('Invoice reference').fill(invoice);
    await dialog.getByLabel(/Cost per key/).fill('123.45');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByLabel('Import result')).toContainText('Imported: 3');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The batch with its cost and counts.
    await page.goto('/admin/key-batches');
    await page.getByPlaceholder('Search by invoice reference').fill(invoice);
    const row = page.getByRole('row').filter({ hasText: invoice });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(supplier);
    await expect(row).toContainText('Office 2024 Home & Business');
    await expect(row).toContainText('$123.45');
    const cells = row.getByRole('cell');
    // Keys, in stock, sold, revoked, faulty, faulty rate.
    await expect(cells.nth(4)).toHaveText('3');
    await expect(cells.nth(5)).toHaveText('3');
    await expect(cells.nth(6)).toHaveText('0');
    await expect(cells.nth(9)).toHaveText('—');
    expect(await seriousViolations(page), 'the key batches list').toEqual([]);

    // Each key carries the batch and its cost.
    const found = await api.get(
      `/api/admin/key-batches?filter=${encodeURIComponent(JSON.stringify({ q: invoice }))}`,
    );
    const [batch] = (await found.json()) as { id: number }[];
    const listed = await api.get(
      `/api/admin/license-keys?filter=${encodeURIComponent(JSON.stringify({ batchId: batch!.id }))}`,
    );
    const rows = (await listed.json()) as { licenseKey: string; costCents: number; productId: string }[];
    expect(rows.map((r) => r.licenseKey).sort()).toEqual([...keys].sort());
    expect(rows.every((r) => r.costCents === 12345 && r.productId === 'office-2024-home-business')).toBe(
      true,
    );

    // The keys list, filtered by the batch.
    await page.goto(
      `/admin/license-keys?filter=${encodeURIComponent(JSON.stringify({ batchId: batch!.id }))}`,
    );
    for (const key of keys) await expect(page.getByRole('row').filter({ hasText: key })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: 'Office 2024' })).toHaveCount(3);

    // Revoking the batch's stock, confirmed by typing its invoice reference.
    await page.goto('/admin/key-batches');
    await page.getByPlaceholder('Search by invoice reference').fill(invoice);
    await row.getByRole('button', { name: `Revoke keys of ${invoice}` }).click();
    const revoke = page.getByRole('dialog', { name: `Revoke the keys of batch ${invoice}?` });
    const confirm = revoke.getByRole('button', { name: 'Revoke keys' });
    await expect(confirm).toBeDisabled();
    await revoke.getByLabel('Type the invoice reference to confirm').fill(invoice);
    expect(await seriousViolations(page), 'the revoke dialog').toEqual([]);
    await confirm.click();
    await expect(page.getByText('3 revoked (3 in stock, 0 sold)')).toBeVisible();
    await expect(cells.nth(5)).toHaveText('0');
    const after = await api.get(`/api/admin/key-batches/${batch!.id}`);
    expect(await after.json()).toMatchObject({ keys: 3, inStock: 0, sold: 0, revoked: 3 });
  });
});
