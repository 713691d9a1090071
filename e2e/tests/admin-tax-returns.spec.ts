import { readFile } from 'node:fs/promises';
import { seriousViolations } from '../support/axe.js';
import { expect, test } from './admin-fixtures.js';

/** The ECB's day file as downloaded (eurofxref.csv): padded cells, a trailing comma. */
const ECB_DAY = 'Date, USD, JPY, GBP, \n31 December 2025, 1.1750, 184.10, 0.8733, \n';

test.describe('the tax returns (#20 §6)', () => {
  test("an admin imports the ECB's rates and downloads a quarter's files", async ({ page }) => {
    await page.goto('/admin/exchange-rates');
    await page.getByLabel('ECB rates file').setInputFiles({
      name: 'eurofxref.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(ECB_DAY),
    });
    await expect(page.getByRole('status').filter({ hasText: 'Rates imported' })).toContainText(
      '3 rates of 3 currencies, 2025-12-31',
    );
    await page.getByLabel('Currency', { exact: true }).fill('USD');
    // The header and the one rate of USD.
    await expect(page.getByRole('main').getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row', { name: '2025-12-31 USD 1.175 ECB file' })).toBeVisible();
    expect(await seriousViolations(page), 'the exchange rates').toEqual([]);

    await page
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: 'Tax returns' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tax returns' })).toBeVisible();
    expect(await seriousViolations(page), 'the tax returns page').toEqual([]);

    for (const [button, header] of [
      ['Invoice register (CSV)', 'Kind,Number,Issued at,Order ID'],
      ['OSS return (CSV)', 'Section,Country,VAT rate (%),Currency'],
    ]) {
      const quarter = await page.getByRole('combobox', { name: 'Period' }).textContent();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: button }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(new RegExp(`^(register|oss)-${quarter}\\.csv$`));
      const text = await readFile((await file.path())!, 'utf8');
      expect(text.startsWith(`\uFEFF${header}`)).toBe(true);
    }

    // The running quarter so far (#34): its register, from its first day to today; no OSS file yet.
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: /^\d{4}-Q[1-4] so far$/ }).click();
    await expect(page.getByRole('button', { name: 'OSS return (CSV)' })).toBeDisabled();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Invoice register (CSV)' }).click();
    const file = await download;
    const today = new Date().toISOString().slice(0, 10);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^register-\\d{4}-\\d{2}-01-to-${today}\\.csv$`));
    const text = await readFile((await file.path())!, 'utf8');
    expect(text.startsWith('\uFEFFKind,Number,Issued at,Order ID')).toBe(true);
  });

  test.describe('for support', () => {
    test.use({ role: 'support' });

    test('is not offered', async ({ page }) => {
      await page.goto('/admin/dashboard');
      const nav = page.getByRole('navigation', { name: 'Admin navigation' });
      await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Tax returns' })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Exchange rates' })).toHaveCount(0);
    });
  });
});
