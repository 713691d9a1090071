// LICENSE_KEY_SECRET rotation on a live store: the server restarted with a new secret and the old one in
// LICENSE_KEY_PREVIOUS_SECRETS keeps reading everything; `npm run rotate-secrets` (the built CLI), killed
// with SIGKILL part-way and run again, rewrites it all while the server runs; then the old secret is
// dropped and every key, e-mail body and payment client secret still reads.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { waitFor } from '@store/testing';
import { LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import {
  deliveryMails,
  freshKeys,
  keysIn,
  num,
  STANDARD,
  storeForBlock,
  type Intent,
} from './support/shoppers.js';
import { DRIVER, ROOT, type StoreHarness } from './support/store-process.js';

jest.setTimeout(300_000);

const note = (line: string) => process.stdout.write(`  [rotation on ${DRIVER}] ${line}\n`);

/** The built rotate-secrets CLI; `killAfterFirstBatch` sends SIGKILL once it reports its first batch of keys. */
function rotate(h: StoreHarness, env: Record<string, string>, killAfterFirstBatch = false) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((done) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'backend/dist/cli/rotate-secrets.js'), '--batch', '1'],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: h.db.url, ...env },
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (killAfterFirstBatch && /license_keys: 1 of \d+ checked/.test(out)) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code, signal) => done({ code, signal, out }));
  });
}

describe(`rotating LICENSE_KEY_SECRET on a running store, on ${DRIVER}`, () => {
  const store = storeForBlock();

  it('reads under the previous secret, rewrites resumably, and needs only the new secret afterwards', async () => {
    const { h, t } = store;
    const oldSecret = h.licenseKeySecret;
    const newSecret = randomBytes(32).toString('hex');
    const admin = await t.adminAuth();
    expect((await t.importKeys(admin, STANDARD, freshKeys(8))).status).toBe(200);
    const intents: Intent[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await t.createIntent(`rotate-${i}@rotation.example.com`);
      expect(created.status).toBe(201);
      intents.push(created.body as Intent);
      expect((await t.confirmDemo(intents[i]!)).status).toBe(200);
    }
    await waitFor(() => intents.every((i) => deliveryMails(h.mail.received, i.orderId).length === 1), {
      what: 'the delivery e-mails',
    });
    const delivered = new Map(
      intents.map((i) => [i.orderId, keysIn(deliveryMails(h.mail.received, i.orderId)[0]!)]),
    );

    /** Everything a shopper and the back office read that was sealed: keys, client secrets, e-mail bodies. */
    const readsEverything = async () => {
      const auth = await h.adminAuth();
      for (const intent of intents) {
        const status = await t.call(
          'GET',
          `/api/orders/${intent.orderId}/status?clientSecret=${encodeURIComponent(intent.clientSecret)}`,
        );
        expect(status.status).toBe(200);
        const detail = await t.call('GET', `/api/admin/orders/${intent.orderId}`, {
          headers: { authorization: auth },
        });
        expect(detail.status).toBe(200);
        const shown = (detail.body as { licenseKeys: { licenseKey: string }[] }).licenseKeys.map(
          (k) => k.licenseKey,
        );
        expect(shown).toEqual(delivered.get(intent.orderId));
        for (const key of shown) {
          const valid = await t.call('POST', '/api/licenses/validate', {
            json: { licenseKey: key },
            headers: { 'x-forwarded-for': `10.230.${intents.indexOf(intent)}.${shown.indexOf(key) + 1}` },
          });
          expect(valid.body).toMatchObject({ valid: true });
        }
      }
      // An e-mail body is opened again when it is resent.
      const [first] = await h.db.query<{ id: unknown }>(
        'SELECT id FROM mail_outbox WHERE orderId = ? ORDER BY id',
        [intents[0]!.orderId],
      );
      const before = deliveryMails(h.mail.received, intents[0]!.orderId).length;
      const resent = await t.call('POST', `/api/admin/emails/${num(first!.id)}/resend`, {
        headers: { authorization: auth },
      });
      expect(resent.status).toBe(202);
      const mails = await waitFor(
        () => {
          const all = deliveryMails(h.mail.received, intents[0]!.orderId);
          return all.length > before && all;
        },
        { what: 'the resent e-mail' },
      );
      expect(keysIn(mails.at(-1)!)).toEqual(delivered.get(intents[0]!.orderId));
    };

    const rotated = { LICENSE_KEY_SECRET: newSecret, LICENSE_KEY_PREVIOUS_SECRETS: oldSecret };
    await h.restartWith(rotated);
    await readsEverything();

    const killed = await rotate(h, rotated, true);
    const oldCipher = new LicenseKeyCipher({ licenseKeySecret: oldSecret });
    const underOld = async () =>
      (await h.db.query<{ keyCiphertext: string }>('SELECT keyCiphertext FROM license_keys')).filter((k) => {
        try {
          oldCipher.decrypt(k.keyCiphertext);
          return true;
        } catch {
          return false;
        }
      }).length;
    note(
      `rotate-secrets killed (${killed.signal ?? killed.code}) with ${await underOld()} of 8 keys still under the old secret`,
    );
    // Meanwhile the store reads both.
    await readsEverything();

    const resumed = await rotate(h, rotated);
    expect(resumed).toMatchObject({ code: 0 });
    expect(resumed.out).toContain('Done: everything readable is now under LICENSE_KEY_SECRET');
    expect(await underOld()).toBe(0);
    const again = await rotate(h, rotated);
    expect(again.code).toBe(0);
    for (const table of ['license_keys', 'mail_outbox', 'admin_users', 'orders']) {
      expect(again.out).toContain(`${table}: 0 rows rewritten under the current secret`);
    }

    await h.restartWith({ LICENSE_KEY_SECRET: newSecret, LICENSE_KEY_PREVIOUS_SECRETS: '' });
    await readsEverything();
    expect(h.logs()).not.toMatch(/does not decrypt/);
    expect(t.errors).toEqual([]);
  });
});
