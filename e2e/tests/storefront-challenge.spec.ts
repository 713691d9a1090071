import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, shopperAddress, startServer, type RunningServer } from '@store/testing';

const ROOT = resolve(import.meta.dirname, '../..');

// A server of its own: a ceiling of one contact message a minute for the whole store, and cheap challenges
// (the journeys' shared server has no ceilings).
let server: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'store-e2e-challenge-'));
  const port = await freePort();
  server = await startServer({
    root: ROOT,
    port,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: 'loopback',
      DATABASE_URL: `sqlite:${join(dataDir, 'store.sqlite')}`,
      MAIL_DIR: join(dataDir, 'mail'),
      SMTP_URL: '',
      REDIS_URL: '',
      CEILING_CONTACT_PER_MINUTE: '1',
      CHALLENGE_COST: '1',
      CHALLENGE_MAX_COUNTER: '64',
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('past the store-wide ceiling the contact form solves a challenge in the browser and sends', async ({
  page,
  request,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  // Someone else's message fills the minute's ceiling.
  const first = await request.post(`${server.url}/api/contact`, {
    headers: { 'x-forwarded-for': shopperAddress() },
    data: { name: 'Ann', email: 'ann@example.com', subject: 'First', message: 'The first of the minute.' },
  });
  expect(first.status()).toBe(201);

  await page.goto(`${server.url}/contact`);
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Jane Doe');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('jane@example.com');
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Past the ceiling');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Is the Mac edition included?');
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByText(/confirms you are a person/)).toBeVisible();
  // The widget fetches the store's challenge and solves it in a worker from the store's origin, then the
  // form is sent again by itself.
  const notifications = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(notifications).toContainText('Message Sent!');
  await expect(page.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue('');
  expect(violations).toEqual([]);
});
