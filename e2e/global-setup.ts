import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIfNeeded, freePort, SmtpSink, startServer } from '@store/testing';
import { findChromium, NO_CHROMIUM } from './support/chromium.js';
import { signInStaff, stockUp } from './support/staff.js';

const ROOT = resolve(import.meta.dirname, '..');

export default async function globalSetup(): Promise<() => Promise<void>> {
  // One clear message instead of a failed launch in every journey.
  if (!findChromium()) throw new Error(NO_CHROMIUM);
  buildIfNeeded(ROOT, { log: (line) => console.log(`e2e: ${line}`) });
  const dataDir = mkdtempSync(join(tmpdir(), 'store-e2e-'));
  // The store sends its mail over SMTP to a real server on loopback, which keeps each message as a file.
  const smtp = await SmtpSink.start({ dir: join(dataDir, 'mail') });
  process.env.E2E_MAIL_DIR = join(dataDir, 'mail');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServer({
    root: ROOT,
    port,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PUBLIC_URL: baseUrl,
      // Journeys that post through the API name a client address of their own (shopperAddress()), so the
      // per-client rate limits (5 contact messages a minute) count the browser's own sends apart.
      TRUST_PROXY: 'loopback',
      // The journeys together post and buy more than the store-wide ceilings allow in a minute: they are off
      // here; storefront-challenge.spec.ts starts a server of its own with one.
      CEILING_CONTACT_PER_MINUTE: '0',
      CEILING_ACCESS_LINKS_PER_MINUTE: '0',
      CEILING_CHECKOUTS_PER_MINUTE: '0',
      DATABASE_URL: `sqlite:${join(dataDir, 'store.sqlite')}`,
      SMTP_URL: smtp.url,
    },
  });
  process.env.E2E_BASE_URL = baseUrl;
  const sessions = await signInStaff(baseUrl);
  await stockUp(baseUrl, sessions.admin);
  process.env.E2E_STAFF_SESSIONS = JSON.stringify(sessions);

  return async () => {
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
