import { createHmac } from 'node:crypto';
import { In } from 'typeorm';
import { deriveKey, SecretBox } from '../src/common/secret-box.js';
import { RecoveryCode } from '../src/staff/entities/recovery-code.entity.js';
import { MfaService } from '../src/auth/mfa.service.js';
import { StaffMember } from '../src/staff/entities/staff-member.entity.js';
import { rotateSecrets, type RotationProgress } from '../src/cli/secret-rotation.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { generateLicenseKey, LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { OutboxCipher } from '../src/emails/outbox-cipher.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { insertLicenseKeys, newLicenseKey } from '../src/license-keys/license-keys.js';
import { LicenseKeySearchTerm } from '../src/license-keys/entities/license-key-search-term.entity.js';
import { AdminLicenseKeysService } from '../src/admin/license-keys/admin-license-keys.service.js';
import type { StaffUserDto } from '../src/common/staff-user.dto.js';
import { runInTransaction } from '../src/database/transactions.js';

const OLD = 'old-licence-key-secret-0123456789abcdef';
const NEW = 'new-licence-key-secret-0123456789abcdef';

describe('LICENSE_KEY_SECRET rotation: previous secrets read, rotate-secrets rewrites', () => {
  let t: TestApp;
  const before = new LicenseKeyCipher({ licenseKeySecret: OLD });
  const after = new LicenseKeyCipher({ licenseKeySecret: NEW });
  const plainKeys = Array.from({ length: 5 }, () => generateLicenseKey());

  beforeAll(async () => {
    t = await startTestApp({
      LICENSE_KEY_SECRET: NEW,
      LICENSE_KEY_PREVIOUS_SECRETS: OLD,
      SEED_DEMO_KEYS: 'false',
      TRUST_PROXY: 'loopback',
    });
    await t.app.listen(0, '127.0.0.1');
    // What the store held before LICENSE_KEY_SECRET changed: everything sealed under the old secret.
    await runInTransaction(t.db, (m) =>
      insertLicenseKeys(
        m,
        plainKeys.map((key) => newLicenseKey(before, key, { productId: 'office-2024-standard' })),
      ),
    );
    const outbox = new OutboxCipher({ licenseKeySecret: OLD });
    await t.db.getRepository(OutboxEmail).insert({
      kind: 'order-delivery',
      to: 'buyer@example.com',
      subject: 'Your keys',
      text: outbox.seal(`text ${plainKeys[0]}`),
      html: outbox.seal(`<p>${plainKeys[0]}</p>`),
      status: 'sent',
      nextAttemptAt: new Date(),
    });
    await t.db
      .createQueryBuilder()
      .update(StaffMember)
      .set({ mfaSecret: new SecretBox(OLD, 'staff-mfa/totp-secrets').seal('JBSWY3DPEHPK3PXP') })
      .execute();
  });
  afterAll(() => t.close());

  let address = 0;
  const validate = (licenseKey: string) =>
    t
      .http()
      .post('/api/licenses/validate')
      .set('x-forwarded-for', `10.77.0.${++address}`)
      .send({ licenseKey })
      .expect(200);

  /** The back office's search, as support (keys masked, nothing audited): the ids of the keys found. */
  const search = async (q: string) => {
    const support = { id: 0, username: 'support', role: 'support', mfaEnabled: false } as StaffUserDto;
    const page = await t.app.get(AdminLicenseKeysService).list({ filter: JSON.stringify({ q }) }, support);
    return page.rows.map((row) => row.id);
  };
  const keyIdOf = async (key: string) =>
    (
      await t.db
        .getRepository(LicenseKey)
        .findOneByOrFail({ keyLookup: In(t.app.get(LicenseKeyCipher).lookupHashes(key)) })
    ).id;
  const storedTerms = async () =>
    new Set((await t.db.getRepository(LicenseKeySearchTerm).find()).map((r) => r.term));

  const underNew = async () => {
    const rows = await t.db.getRepository(LicenseKey).find();
    return rows.filter((row) => {
      try {
        return row.keyLookup === after.lookupHash(after.decrypt(row.keyCiphertext));
      } catch {
        return false;
      }
    }).length;
  };

  it('finds keys by their search terms under a previous secret before any rotation', async () => {
    const terms = await storedTerms();
    for (const key of plainKeys) {
      for (const term of before.searchTerms(key)) expect(terms.has(term)).toBe(true);
      expect(await search(key.slice(0, 5))).toContain(await keyIdOf(key));
    }
  });

  it('finds and reads keys sealed under a previous secret before any rotation', async () => {
    const res = await validate(plainKeys[1]!);
    expect(res.body).toMatchObject({ valid: true, status: 'active' });
    const row = await t.db
      .getRepository(LicenseKey)
      .findOneByOrFail({ keyLookup: before.lookupHash(plainKeys[1]!) });
    expect(t.app.get(LicenseKeyCipher).decrypt(row.keyCiphertext)).toBe(plainKeys[1]);
  });

  it('looks a key up under every known secret and stores it under the current one', async () => {
    const cipher = t.app.get(LicenseKeyCipher);
    expect(cipher.lookupHashes(plainKeys[2]!)).toContain(before.lookupHash(plainKeys[2]!));
    expect(cipher.lookupHash(plainKeys[2]!)).toBe(after.lookupHash(plainKeys[2]!));
  });

  it('rewrites in batches, resumes after being killed, skips what is done, and lookups keep working', async () => {
    // Killed after its first batch of two keys: those are committed, the rest untouched.
    await expect(
      rotateSecrets(t.db, t.config, {
        batchSize: 2,
        onBatch: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await underNew()).toBe(2);
    // Meanwhile every key is found, whichever secret it is under, also by a group's start.
    for (const key of plainKeys) {
      expect((await validate(key)).body.valid).toBe(true);
      expect(await search(key.slice(6, 10))).toContain(await keyIdOf(key));
    }

    const resumed = await rotateSecrets(t.db, t.config, { batchSize: 2 });
    expect(resumed.rewritten).toEqual({ license_keys: 3, mail_outbox: 1, admin_users: 1, orders: 0 });
    expect(await underNew()).toBe(plainKeys.length);

    const again = await rotateSecrets(t.db, t.config, { batchSize: 2 });
    expect(again.rewritten).toEqual({ license_keys: 0, mail_outbox: 0, admin_users: 0, orders: 0 });

    // Everything now opens under the new secret alone: the old one can be dropped.
    const message = await t.db.getRepository(OutboxEmail).findOneByOrFail({ kind: 'order-delivery' });
    const newOutbox = new OutboxCipher({ licenseKeySecret: NEW });
    expect(newOutbox.open(message.text)).toBe(`text ${plainKeys[0]}`);
    expect(newOutbox.open(message.html)).toBe(`<p>${plainKeys[0]}</p>`);
    const staff = await t.db.getRepository(StaffMember).find();
    expect(staff.length).toBeGreaterThan(0);
    for (const user of staff) {
      expect(new SecretBox(NEW, 'staff-mfa/totp-secrets').open(user.mfaSecret!)).toBe('JBSWY3DPEHPK3PXP');
    }
    for (const key of plainKeys) expect((await validate(key)).body.valid).toBe(true);

    // Search terms too: each key's under the new secret, found by a prefix; none left under the old one.
    const terms = await storedTerms();
    for (const key of plainKeys) {
      for (const term of after.searchTerms(key)) expect(terms.has(term)).toBe(true);
      for (const term of before.searchTerms(key)) expect(terms.has(term)).toBe(false);
      expect(await search(`${key.slice(0, 5)}-${key.slice(6, 9)}`)).toEqual([await keyIdOf(key)]);
    }
    expect(terms.size).toBe(new Set(plainKeys.flatMap((key) => after.searchTerms(key))).size);
  });

  it('accepts a recovery code made under a previous secret (such hashes cannot be rewritten), once', async () => {
    const user = await t.db.getRepository(StaffMember).findOneByOrFail({ username: t.config.admin.username });
    await t.db.getRepository(StaffMember).update({ id: user.id }, { mfaEnabled: true });
    const oldHash = createHmac('sha256', deriveKey(OLD, 'staff-mfa/recovery-codes'))
      .update(`${user.id}:abcde12345`)
      .digest('hex');
    await t.db.getRepository(RecoveryCode).insert({ userId: user.id, codeHash: oldHash, usedAt: null });
    const mfa = t.app.get(MfaService);
    const enabled = await t.db.getRepository(StaffMember).findOneByOrFail({ id: user.id });
    expect(await mfa.verify(enabled, 'ABCDE-12345')).toBe(true);
    expect(await mfa.verify(enabled, 'ABCDE-12345')).toBe(false);
  });
});

describe('rotate-secrets in batches of a few statements', () => {
  let t: TestApp;
  const before = new LicenseKeyCipher({ licenseKeySecret: OLD });
  const after = new LicenseKeyCipher({ licenseKeySecret: NEW });
  const plainKeys = Array.from({ length: 6 }, () => generateLicenseKey());

  beforeAll(async () => {
    t = await startTestApp({
      LICENSE_KEY_SECRET: NEW,
      LICENSE_KEY_PREVIOUS_SECRETS: OLD,
      SEED_DEMO_KEYS: 'false',
    });
    await runInTransaction(t.db, (m) =>
      insertLicenseKeys(
        m,
        plainKeys.map((key) => newLicenseKey(before, key, { productId: 'office-2024-standard' })),
      ),
    );
  });
  afterAll(() => t.close());

  const termsOf = async (keyId: string) =>
    new Set((await t.db.getRepository(LicenseKeySearchTerm).findBy({ keyId })).map((row) => row.term).sort());

  it('leaves a key a server rewrote after it was read as the server wrote it, search terms included', async () => {
    // Between the batch's read and its write, staff correct a key's value (under the current secret).
    const corrected = generateLicenseKey();
    let raced: string | null = null;
    const query = t.db.query.bind(t.db);
    const spy = jest.spyOn(t.db, 'query').mockImplementation((async (sql: string, ...rest: unknown[]) => {
      // As is, the transaction's query runner included (a statement of the rotation's own transaction).
      const rows = (await query(sql, ...(rest as []))) as { id: string }[];
      if (raced === null && sql.includes('keyCiphertext') && rows.length > 1) {
        raced = rows[1]!.id;
        const id = raced;
        await runInTransaction(t.db, async (m) => {
          await m.update(LicenseKey, { id }, after.seal(corrected));
          await m.delete(LicenseKeySearchTerm, { keyId: id });
          await m.insert(
            LicenseKeySearchTerm,
            after.searchTerms(corrected).map((term) => ({ term, keyId: id })),
          );
        });
      }
      return rows;
    }) as typeof t.db.query);
    try {
      const report = await rotateSecrets(t.db, t.config);
      expect(report.rewritten.license_keys).toBe(plainKeys.length - 1);
    } finally {
      spy.mockRestore();
    }
    expect(raced).not.toBeNull();
    const keys = await t.db.getRepository(LicenseKey).find();
    expect(keys).toHaveLength(plainKeys.length);
    for (const key of keys) {
      const plain = after.decrypt(key.keyCiphertext);
      expect(key.keyLookup).toBe(after.lookupHash(plain));
      expect(plain === corrected).toBe(key.id === raced);
      expect(await termsOf(key.id)).toEqual(new Set(after.searchTerms(plain).sort()));
    }
  });

  it('rewrites a batch of e-mail bodies near the 64 KB their column holds on MySQL', async () => {
    const outbox = new OutboxCipher({ licenseKeySecret: OLD });
    // Near the 64 KB of a MySQL TEXT once sealed: a batch of them is several statements.
    const body = (i: number) => `${i} `.padEnd(40_000, 'x');
    await t.db.getRepository(OutboxEmail).insert(
      Array.from({ length: 30 }, (_, i) => ({
        kind: 'order-delivery',
        to: `buyer${i}@example.com`,
        subject: 'Your keys',
        text: outbox.seal(body(i)),
        html: outbox.seal(`<p>${body(i)}</p>`),
        status: 'sent' as const,
        nextAttemptAt: new Date(),
      })),
    );
    const report = await rotateSecrets(t.db, t.config);
    expect(report.rewritten).toMatchObject({ license_keys: 0, mail_outbox: 30 });
    const current = new OutboxCipher({ licenseKeySecret: NEW });
    const mails = await t.db.getRepository(OutboxEmail).find({ order: { id: 'ASC' } });
    expect(mails.map((mail) => current.open(mail.text))).toEqual(mails.map((_, i) => body(i)));
    expect(mails.map((mail) => current.open(mail.html))).toEqual(mails.map((_, i) => `<p>${body(i)}</p>`));
  });

  it('reports after every batch how many rows were checked of how many, and when a table is done', async () => {
    const more = Array.from({ length: 3 }, () => generateLicenseKey());
    await runInTransaction(t.db, (m) =>
      insertLicenseKeys(
        m,
        more.map((key) => newLicenseKey(before, key, { productId: 'office-2024-standard' })),
      ),
    );
    const seen: RotationProgress[] = [];
    await rotateSecrets(t.db, t.config, { batchSize: 4, onBatch: (progress) => seen.push(progress) });
    const keys = seen.filter((progress) => progress.table === 'license_keys');
    const total = plainKeys.length + more.length;
    expect(keys.map(({ checked, total, done }) => ({ checked, total, done }))).toEqual([
      { checked: 4, total, done: false },
      { checked: 8, total, done: false },
      { checked: 9, total, done: true },
    ]);
    expect(keys.at(-1)!.rewritten).toBe(more.length);
    expect(keys.every((progress) => progress.elapsedMs >= 0)).toBe(true);
    expect(seen.filter((progress) => progress.done).map((progress) => progress.table)).toEqual([
      'license_keys',
      'mail_outbox',
      'admin_users',
      'orders',
    ]);
  });
});
