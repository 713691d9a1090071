import { readFile } from 'node:fs/promises';
import { seriousViolations } from '../support/axe.js';
import { expect, placeOrder, test, uniqueEmail } from './admin-fixtures.js';

const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

test.describe('exports (#21 §5)', () => {
  test("an admin exports the orders list's search for today as CSV", async ({ page, request }) => {
    const email = uniqueEmail('export');
    const orderId = await placeOrder(request, { email, productId: 'office-2024-home-business' });

    await page.goto('/admin/orders');
    await page.getByPlaceholder('Search by e-mail, name or order ID').fill(email);
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export as CSV' });
    await dialog.getByLabel('From').fill(today());
    await dialog.getByLabel('To').fill(today());
    expect(await seriousViolations(page), 'the export dialog').toEqual([]);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    // Named after its search and its days (#34), never orders-all.csv.
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^orders-search-export-[a-z0-9-]+-${today()}-to-${today()}\\.csv$`),
    );
    await expect(dialog).toBeHidden();

    const text = await readFile((await file.path())!, 'utf8');
    expect(text.startsWith('\uFEFFOrder ID,Created at (UTC),Paid at (UTC),Status')).toBe(true);
    // The header and, the list's search applying, this order only (CRLF ends each record).
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith(`${orderId},`)).toBe(true);
    // Its invoice number after the payment status (#34), then the e-mail.
    expect(lines[1]).toMatch(
      new RegExp(`,fulfilled,completed,\\d{4}-\\d{6},${email.replace(/\./g, '\\.')},`),
    );
    expect(lines[1]).toContain('1 x Office 2024 Home & Business');

    // Refunds have a list of their own, with the same Export.
    await page
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: 'Refunds' })
      .click();
    await expect(page).toHaveURL(/\/admin\/refunds/);
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
    expect(await seriousViolations(page), 'the refunds list').toEqual([]);
  });

  test.describe('for support', () => {
    test.use({ role: 'support' });

    test('licence keys export masked, with no option of keys in clear', async ({ page, request }) => {
      const email = uniqueEmail('export-support');
      const orderId = await placeOrder(request, { email });
      await page.goto('/admin/license-keys');
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Export as CSV' });
      await expect(dialog.getByRole('checkbox')).toHaveCount(0);
      // From the day before: the export takes keys by the day they were added, and the order's key may have
      // been stocked (global-setup.ts) before midnight, the run going on after it.
      await dialog.getByLabel('From').fill(yesterday());
      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download' }).click();
      const text = await readFile((await (await download).path())!, 'utf8');
      // Its key masked: the last column, the last group only.
      const line = text.split('\r\n').find((l) => l.includes(`,${orderId},`));
      expect(line).toMatch(/,XXXXX-XXXXX-XXXXX-XXXXX-[A-Z0-9]{5}$/);
      // No key in clear anywhere in the file.
      expect(text).not.toMatch(/,(?!XXXXX-)[A-Z0-9]{5}(-[A-Z0-9]{5}){4}\r?$/m);
    });
  });
});
