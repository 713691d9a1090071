import { expect, test } from './admin-fixtures.js';
import { shopperAddress } from '@store/testing';

test('an admin creates a coupon and deactivates it', async ({ page, api }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/admin/coupons');
  await expect(page.getByRole('row').filter({ hasText: 'SAVE10' })).toBeVisible();

  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/admin\/coupons\/create$/);
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('spinbutton', { name: 'Percent off' }).fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/coupons(\?.*)?$/);

  await page.getByPlaceholder('Search').fill(code);
  // The search reaches the URL after a debounce; a row clicked before that is navigated away from.
  await expect(page).toHaveURL(new RegExp(`filter=[^&]*${code}`));
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page).toHaveURL(/\/admin\/coupons\/[^/]+$/);
  await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue(code);
  await page.getByLabel('Active', { exact: true }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/coupons(\?.*)?$/);

  const [coupon] = (await (
    await api.get('/api/admin/coupons', { params: { filter: JSON.stringify({ q: code }) } })
  ).json()) as { code: string; active: boolean; percentOff: number }[];
  expect(coupon).toMatchObject({ code, active: false, percentOff: 12 });
});

test('an admin reads the outbox and marks a contact message answered', async ({ page, request }) => {
  const subject = `Activation question ${Date.now().toString(36)}`;
  const posted = await request.post('/api/contact', {
    headers: { 'x-forwarded-for': shopperAddress() },
    data: {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      subject,
      category: 'licensing',
      message: 'My key says it is already in use.',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  await page.goto('/admin/emails');
  await expect(page.getByRole('columnheader', { name: 'Attempts' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: subject }).first()).toBeVisible();

  await page.goto('/admin/messages');
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('New');
  await row.getByRole('button', { name: 'Mark answered' }).click();
  await expect(page.getByText('Marked as answered')).toBeVisible();
  await expect(row).toContainText('Answered');
  await expect(row.getByRole('button', { name: 'Mark answered' })).toHaveCount(0);
});

test('an admin sees the staff', async ({ page }) => {
  await page.goto('/admin/staff');
  await expect(page.getByRole('row').filter({ hasText: 'admin' }).first()).toBeVisible();
});

test('an admin adds a staff member: the server’s refusals under their fields, then "Staff member created"', async ({
  page,
  api,
}) => {
  const username = `e2e.staff.${Date.now().toString(36)}`;
  await page.goto('/admin/staff/create');
  await page.getByRole('textbox', { name: 'Username' }).fill('no spaces allowed');
  await page.getByRole('textbox', { name: 'Password' }).fill('short');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(
    page.getByText("Username must be 3 to 100 characters of letters, digits, '.', '_' or '-'"),
  ).toBeVisible();
  await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
  const toast = page.getByRole('alert');
  await expect(toast).toContainText('Staff member not created');
  await expect(toast).not.toContainText(',');

  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill('correct horse battery staple 42');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Staff member created' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/staff(\?.*)?$/);
  await expect(page.getByRole('row').filter({ hasText: username })).toBeVisible();

  const [member] = (await (
    await api.get('/api/admin/staff', { params: { filter: JSON.stringify({ q: username }) } })
  ).json()) as { id: number; username: string; role: string }[];
  expect(member).toMatchObject({ username, role: 'support' });
  await api.delete(`/api/admin/staff/${member!.id}`);
});
