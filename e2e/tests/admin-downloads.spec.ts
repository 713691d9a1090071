import { expect, placeOrder, test, uniqueEmail } from './admin-fixtures.js';

test('downloads: create a link, filter by name and status, toggle it', async ({ page, request }) => {
  const email = uniqueEmail('downloads');
  const orderId = await placeOrder(request, { email });
  const fileName = `Setup-${Date.now().toString(36)}.exe`;

  await page.goto('/admin/downloads');
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads Management' })).toBeVisible();
  await expect(page.getByText('Manage software download links and file access')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Filters' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Download Link' });
  await expect(dialog.getByText('Add a new download link for a customer order')).toBeVisible();
  await expect(dialog.getByLabel('Max Downloads')).toHaveValue('5');
  await dialog.getByRole('button', { name: 'Create Download' }).click();
  for (const message of ['Order ID is required', 'Product ID is required', 'File name is required'])
    await expect(dialog.getByText(message)).toBeVisible();
  await expect(dialog.getByText('Must be a valid URL')).toBeVisible();

  await dialog.getByLabel('Order').fill(email);
  await page.getByRole('option', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).click();
  await dialog.getByLabel('Product').click();
  await page.getByRole('option', { name: 'Office 2024 Standard' }).click();
  await dialog.getByLabel('File Name').fill(fileName);
  await dialog.getByLabel('File URL').fill('not a url');
  await dialog.getByLabel('Max Downloads').fill('0');
  await dialog.getByRole('button', { name: 'Create Download' }).click();
  await expect(dialog.getByText('Must be a valid URL')).toBeVisible();
  await expect(dialog.getByText('Max downloads must be at least 1')).toBeVisible();
  await dialog.getByLabel('File URL').fill('https://downloads.example.com/office/setup.exe');
  await dialog.getByLabel('Max Downloads').fill('3');
  await dialog.getByRole('button', { name: 'Create Download' }).click();

  await expect(page.getByText('New download link has been created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Opening it again shows an empty form.
  await page.getByRole('button', { name: 'Create Download' }).click();
  await expect(dialog.getByLabel('File Name')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const search = page.getByPlaceholder('Search by file name, product, or order ID...');
  await search.fill(fileName);
  await expect(page.getByRole('heading', { name: 'Download Links (1)' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: fileName });
  await expect(row).toContainText('Office 2024 Standard');
  await expect(row).toContainText(`${orderId.slice(0, 8)}...`);
  await expect(row).toContainText('N/A');
  await expect(row).toContainText('0/3');
  await expect(row).toContainText('Active');
  const open = row.getByRole('link', { name: `Open ${fileName}` });
  await expect(open).toHaveAttribute('href', 'https://downloads.example.com/office/setup.exe');
  await expect(open).toHaveAttribute('target', '_blank');

  const status = page.getByRole('combobox', { name: 'Status' });
  await status.click();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await expect(page.getByRole('heading', { name: 'Download Links (0)' })).toBeVisible();
  await status.click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await expect(row).toHaveCount(1);

  await row.getByRole('switch', { name: `Active: ${fileName}` }).click();
  await expect(page.getByText('Download has been updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Download Links (0)' })).toBeVisible();
  await status.click();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Inactive');

  await status.click();
  await page.getByRole('option', { name: 'All Status' }).click();
  await search.fill(orderId.slice(0, 8));
  await expect(row).toHaveCount(1);
  await page.getByRole('main').getByRole('button', { name: 'Refresh' }).click();
  await expect(row).toHaveCount(1);
});
