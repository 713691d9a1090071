import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mailsMentioning } from '../support/mail.js';

const SENT_TITLE = 'Message Sent!';
const SENT_TEXT = "Thank you for contacting us. We'll get back to you within 24 hours.";

interface StoredMessage {
  name: string;
  email: string;
  subject: string;
  category: string | null;
  message: string;
}

/** The messages the server stored for one sender, read through the back office API as the dev admin. */
async function messagesFrom(request: APIRequestContext, email: string): Promise<StoredMessage[]> {
  const config = (await (await request.get('/api/store-config')).json()) as {
    developmentSignIn: { username: string; password: string } | null;
  };
  expect(config.developmentSignIn, 'the e2e server runs with the development administrator').not.toBeNull();
  const login = await request.post('/api/admin/login', { data: config.developmentSignIn });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const list = await request.get(
    `/api/admin/messages?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`,
    {
      headers: { Authorization: `Bearer ${token}` },
    },
  );
  expect(list.ok()).toBe(true);
  return (await list.json()) as StoredMessage[];
}

const uniqueEmail = (name: string) => `${name}.${Date.now()}.${test.info().workerIndex}@example.com`;

async function fillRequired(
  page: Page,
  fields: { name: string; email: string; message: string; subject?: string },
) {
  // The prerendered form is hydrated once its button is enabled: React would reset what is typed before.
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(fields.name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(fields.email);
  if (fields.subject !== undefined)
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill(fields.subject);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(fields.message);
}

async function expectSentToast(page: Page) {
  const notifications = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(notifications).toContainText(SENT_TITLE);
  await expect(notifications).toContainText(SENT_TEXT);
}

test.describe('contact form', () => {
  test('checks the required fields, sends, clears, shows the toast, and the message reaches support', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('lena');
    await page.goto('/contact');
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    for (const message of [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ])
      await expect(page.getByText(message)).toBeVisible();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-address');
    await page.getByRole('textbox', { name: 'Email', exact: true }).blur();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await fillRequired(page, {
      name: 'Lena Fischer',
      email,
      subject: 'Activation on a new laptop',
      message: 'My key says it was already activated. What can I do?',
    });
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Licensing Questions' });
    await send.click();

    await expectSentToast(page);
    for (const label of ['Name', 'Email', 'Subject', 'Message'])
      await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('');

    const stored = await messagesFrom(request, email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: 'Lena Fischer',
      subject: 'Activation on a new laptop',
      category: 'licensing',
      message: 'My key says it was already activated. What can I do?',
    });
    await expect
      .poll(() => mailsMentioning(email).length, { message: 'the notification to support' })
      .toBeGreaterThan(0);
    expect(mailsMentioning(email)[0]).toContain('Activation on a new laptop');
  });

  test('Apply Now on a job prefills an application for that role', async ({ page, request }) => {
    const email = uniqueEmail('omar');
    await page.goto('/careers');
    await page.getByRole('link', { name: 'Apply Now: Technical Support Specialist' }).click();
    await expect(page).toHaveURL(/\/contact\?role=Technical%20Support%20Specialist$/);
    await expect(page.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue(
      'Job Application: Technical Support Specialist',
    );

    await fillRequired(page, {
      name: 'Omar Haddad',
      email,
      message: 'Five years of Windows and Mac support.',
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectSentToast(page);

    const stored = await messagesFrom(request, email);
    expect(stored.map((m) => m.subject)).toEqual(['Job Application: Technical Support Specialist']);
  });

  test('?topic=refund and ?topic=privacy preselect the subject and category', async ({ page, request }) => {
    await page.goto('/privacy');
    await page.getByRole('link', { name: 'Make a privacy request' }).click();
    await expect(page).toHaveURL(/\/contact\?topic=privacy$/);
    await expect(page.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue('Privacy Request');
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('general');

    await page.goto('/refund-policy');
    await page.getByRole('link', { name: 'Start Refund Request' }).click();
    await expect(page).toHaveURL(/\/contact\?topic=refund$/);
    await expect(page.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue('Refund Request');
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('billing');

    const email = uniqueEmail('ruth');
    await fillRequired(page, {
      name: 'Ruth Adeyemi',
      email,
      message: 'Order 1a2b3c4d: the key never activated.',
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectSentToast(page);
    const stored = await messagesFrom(request, email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ subject: 'Refund Request', category: 'billing' });
  });

  test('while sending the button reads Sending...; a failure says so and keeps what was typed', async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, message: 'Service Unavailable' }),
      });
    });

    await page.goto('/contact');
    await fillRequired(page, {
      name: 'Ana Costa',
      email: 'ana@example.com',
      subject: 'Invoice',
      message: 'Please send me an invoice.',
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();

    await expect(page.getByRole('alert')).toContainText('Your message could not be sent');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ana Costa');
    await expect(page.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue('Invoice');
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue(
      'Please send me an invoice.',
    );
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).not.toContainText(SENT_TITLE);
  });
});
