import { expect, placeOrder, test, uniqueEmail } from './admin-fixtures.js';
import { shopperAddress } from '@store/testing';

test.describe('a support user', () => {
  test.use({ role: 'support' });

  test('reads every screen, resends mail and answers messages, but sees no create, edit, revoke or toggle control', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('support');
    const orderId = await placeOrder(request, { email });

    await page.goto('/admin/dashboard');
    await expect(page.getByRole('region', { name: 'Total Orders' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Signed-in user' })).toContainText('support');

    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.getByPlaceholder('Search by e-mail, name or order ID').fill(email);
    await page.getByRole('button', { name: `View order ${orderId.slice(0, 8)}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('region', { name: 'Customer Information' })).toContainText(email);
    // Support sees keys masked but for the last group.
    await expect(dialog.getByRole('region', { name: 'License Keys' })).toContainText('XXXXX-XXXXX');
    await expect(dialog.getByRole('button', { name: 'Update Status' })).toHaveCount(0);
    await expect(dialog.getByLabel('Order status')).toHaveCount(0);
    // Resending the delivery e-mail is their daily work.
    await dialog.getByRole('button', { name: 'Resend e-mail' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'E-mail queued' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await nav.getByRole('link', { name: 'License Keys' }).click();
    // Keys are masked for support: nothing to copy.
    await expect(page.getByText(/^XXXXX-XXXXX-XXXXX-XXXXX-/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Copy license key/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create License' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import Keys' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Revoke|Activate) / })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Downloads' }).click();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: orderId.slice(0, 8) })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Download' })).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);

    await nav.getByRole('link', { name: 'Coupons' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'SAVE10' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Emails' }).click();
    await expect(page.getByRole('row').filter({ hasText: email }).first()).toBeVisible();

    // Marking a contact message answered is their daily work too.
    const subject = `Activation help ${email}`;
    const contact = await request.post('/api/contact', {
      headers: { 'x-forwarded-for': shopperAddress() },
      data: { name: 'Jane Doe', email, subject, message: 'My key does not activate.' },
    });
    expect(contact.status(), await contact.text()).toBe(201);
    await nav.getByRole('link', { name: 'Messages' }).click();
    const message = page.getByRole('row').filter({ hasText: subject });
    await message.getByRole('button', { name: 'Mark answered' }).click();
    await expect(message).toContainText('Answered');

    await page.goto('/admin/staff');
    await expect(page.getByRole('row').filter({ hasText: 'e2e-support' })).toHaveCount(0);
  });
});
