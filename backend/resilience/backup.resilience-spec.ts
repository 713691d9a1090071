// Backups: `npm run backup` taken while shoppers buy, restored with `npm run restore` into a new database,
// and a new server started on it with the same LICENSE_KEY_SECRET reads every key the backup's paid
// orders were delivered. The CLIs and the servers run as real processes (backend/dist).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@store/testing';
import {
  deliveryMails,
  freshKeys,
  keysIn,
  STANDARD,
  storeForBlock,
  type Intent,
} from './support/shoppers.js';
import { DRIVER, ROOT, StoreHarness, TestDatabase } from './support/store-process.js';

jest.setTimeout(300_000);

const STOCK = 120;

const note = (line: string) => process.stdout.write(`  [backup on ${DRIVER}] ${line}\n`);

/** Runs one of the built CLIs with only the settings given (as an operator's shell would). */
function cli(name: string, args: string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, [join(ROOT, 'backend/dist/cli', `${name}.js`), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe(`a backup taken during purchases, restored and served, on ${DRIVER}`, () => {
  const store = storeForBlock();
  const dir = mkdtempSync(join(tmpdir(), 'store-backup-'));
  let restoredDb: TestDatabase | undefined;
  let restored: StoreHarness | undefined;
  afterAll(async () => {
    await restored?.close();
    await restoredDb?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds every paid order whole, and the restored store reads each delivered key', async () => {
    const { h, t } = store;
    const admin = await t.adminAuth();
    expect((await t.importKeys(admin, STANDARD, freshKeys(STOCK))).status).toBe(200);

    let paid = 0;
    const orderIds: string[] = [];
    const buy = async (i: number) => {
      const created = await t.createIntent(`backup-${i}@backup.example.com`);
      expect(created.status).toBe(201);
      const intent = created.body as Intent;
      orderIds.push(intent.orderId);
      const confirmed = await t.confirmDemo(intent);
      expect(confirmed.status).toBe(200);
      paid++;
    };
    // Four shoppers at a time until the backup is done, then a few more (within the stock); the backup
    // starts once a few are paid.
    let backupDone = false;
    let started = 0;
    const streams = Array.from({ length: 4 }, async () => {
      for (let after = 0; after < 2 && started < STOCK - 4; after += backupDone ? 1 : 0) await buy(started++);
    });
    await waitFor(() => paid >= 4, { timeoutMs: 30_000, intervalMs: 5, what: 'a few paid orders' });
    const file = join(dir, DRIVER === 'sqlite' ? 'store.sqlite' : 'store.sql');
    const paidWhenStarted = paid;
    // spawnSync would stop this process's event loop (and the shoppers): the backup runs beside them.
    const backup = await new Promise<{ status: number | null; out: string }>((done) => {
      const child = spawn(process.execPath, [join(ROOT, 'backend/dist/cli/backup.js'), '--out', file], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: h.db.url },
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      child.on('close', (status) => done({ status, out }));
    });
    backupDone = true;
    const paidWhenDone = paid;
    expect(backup).toMatchObject({ status: 0 });
    expect(backup.out).toContain(`Backup written to ${file}`);
    await Promise.all(streams);
    expect(t.errors).toEqual([]);
    note(`backup taken while ${paidWhenStarted}–${paidWhenDone} of ${paid} orders were paid`);
    expect(paid).toBeGreaterThan(paidWhenDone);

    // Into an empty database of its own, then a server on it with the first store's secret.
    restoredDb = await TestDatabase.empty();
    const restore = cli('restore', ['--from', file, '--to', restoredDb.url], {});
    expect(restore).toMatchObject({ status: 0 });
    const again = cli('restore', ['--from', file, '--to', restoredDb.url], {});
    expect(again.status).toBe(1);
    expect(again.out).toContain('is not empty');

    restored = await StoreHarness.start({
      database: restoredDb,
      env: { LICENSE_KEY_SECRET: h.licenseKeySecret },
    });
    const inBackup = await restoredDb.query<{ id: string; status: string; paymentStatus: string }>(
      'SELECT id, status, paymentStatus FROM orders',
    );
    const paidInBackup = inBackup.filter((o) => o.paymentStatus === 'completed');
    note(`${paidInBackup.length} paid orders in the backup, ${inBackup.length} in all`);
    expect(paidInBackup.length).toBeGreaterThanOrEqual(paidWhenStarted);
    expect(paidInBackup.length).toBeLessThanOrEqual(paidWhenDone);

    // Every mail of the first store has gone out: the keys each paid order was delivered.
    await waitFor(() => orderIds.every((id) => deliveryMails(h.mail.received, id).length >= 1), {
      timeoutMs: 30_000,
      what: 'the delivery e-mails',
    });
    // The restored store's staff are the first store's.
    const signIn = await restored.request('POST', '/api/admin/login', {
      json: { username: 'admin', password: h.adminPassword },
      headers: { 'x-forwarded-for': '10.251.0.1' },
    });
    expect(signIn.status).toBe(200);
    const auth = `Bearer ${(signIn.body as { token: string }).token}`;
    for (const order of paidInBackup) {
      expect(order.status).toBe('fulfilled');
      const detail = await restored.request('GET', `/api/admin/orders/${order.id}`, {
        headers: { authorization: auth },
      });
      expect(detail.status).toBe(200);
      const shown = (detail.body as { licenseKeys: { licenseKey: string }[] }).licenseKeys.map(
        (k) => k.licenseKey,
      );
      const delivered = deliveryMails(h.mail.received, order.id).flatMap(keysIn);
      expect(delivered).toHaveLength(1);
      expect(shown).toEqual(delivered);
    }
  });
});
