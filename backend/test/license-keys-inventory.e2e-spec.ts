import { In } from 'typeorm';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import {
  IMPORT_BATCH_SIZE,
  InventoryService,
  type InventoryImportRow,
} from '../src/license-keys/inventory.service.js';
import { generateLicenseKey, LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const STANDARD = 'office-2024-standard';
const HOME = 'office-2024-home-business';
const PRO = 'office-2024-professional-plus';
const FORMAT_MESSAGE = 'License key must be 5 groups of 5 letters or digits';
const LIMIT_MESSAGE = 'Activation limit must be a whole number of at least 1';

describe('key inventory: import and stock counts', () => {
  let t: TestApp;
  let inventory: InventoryService;
  let cipher: LicenseKeyCipher;

  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO_KEYS: 'false' });
    inventory = t.app.get(InventoryService);
    cipher = t.app.get(LicenseKeyCipher);
  });
  afterAll(() => t.close());

  const keysOf = (plain: string[]) =>
    t.db.getRepository(LicenseKey).findBy({ keyLookup: In(plain.map((k) => cipher.lookupHash(k))) });
  const rowsFor = (productId: string, keys: string[]): InventoryImportRow[] =>
    keys.map((licenseKey) => ({ productId, licenseKey }));
  const freshKeys = (n: number) => Array.from({ length: n }, generateLicenseKey);

  it('stores valid keys encrypted, unassigned and active, with their activation limit', async () => {
    const [a, b, c] = freshKeys(3) as [string, string, string];
    const result = await inventory.importKeys([
      { productId: STANDARD, licenseKey: a },
      { productId: HOME, licenseKey: `  ${b.toLowerCase()}  `, activationLimit: 3 },
      { productId: PRO, licenseKey: c, activationLimit: 1 },
    ]);
    expect(result).toEqual({ imported: 3, duplicates: 0, invalid: [] });

    const stored = await keysOf([a, b, c]);
    expect(stored).toHaveLength(3);
    const byLookup = new Map(stored.map((row) => [row.keyLookup, row]));
    for (const [plain, productId, limit] of [
      [a, STANDARD, 1],
      [b, HOME, 3],
      [c, PRO, 1],
    ] as const) {
      const row = byLookup.get(cipher.lookupHash(plain))!;
      expect(row).toMatchObject({
        productId,
        orderId: null,
        status: 'active',
        activationCount: 0,
        activationLimit: limit,
        assignedAt: null,
        keyLastGroup: plain.slice(-5),
      });
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      // Encrypted: no form of the key (nor its first groups) appears in the ciphertext, which decrypts
      // to the normalised key.
      expect(row.keyCiphertext).toMatch(/^v1:/);
      expect(row.keyCiphertext).not.toContain(plain);
      expect(row.keyCiphertext).not.toContain(plain.replaceAll('-', ''));
      expect(row.keyCiphertext).not.toContain(plain.slice(0, 11));
      expect(cipher.decrypt(row.keyCiphertext)).toBe(plain);
    }
  });

  it('counts keys already stored and keys repeated in the same file as duplicates', async () => {
    const [existing, repeated, fresh] = freshKeys(3) as [string, string, string];
    await inventory.importKeys(rowsFor(STANDARD, [existing]));

    const result = await inventory.importKeys([
      { productId: STANDARD, licenseKey: existing },
      { productId: STANDARD, licenseKey: repeated },
      { productId: HOME, licenseKey: repeated.toLowerCase() },
      { productId: STANDARD, licenseKey: fresh },
      { productId: PRO, licenseKey: ` ${existing.toLowerCase()}` },
    ]);
    expect(result).toEqual({ imported: 2, duplicates: 3, invalid: [] });
    // The first occurrence in the file wins.
    const stored = await keysOf([existing, repeated, fresh]);
    expect(stored).toHaveLength(3);
    expect(stored.find((row) => row.keyLookup === cipher.lookupHash(repeated))?.productId).toBe(STANDARD);
    expect(stored.find((row) => row.keyLookup === cipher.lookupHash(existing))?.productId).toBe(STANDARD);
  });

  it('reports each invalid row by its CSV line (header = line 1) with the reason, and skips it', async () => {
    const good = freshKeys(2) as [string, string];
    const key = () => generateLicenseKey();
    const rows = [
      { productId: STANDARD, licenseKey: good[0] }, // line 2
      { productId: 'office-2019', licenseKey: key() }, // 3
      { productId: STANDARD, licenseKey: 'ABCDE-12345-FGHIJ-67890' }, // 4
      { productId: STANDARD, licenseKey: 'ABCDE-12345-FGHIJ-67890-KLMN$' }, // 5
      { productId: STANDARD, licenseKey: '   ' }, // 6
      { productId: STANDARD, licenseKey: key(), activationLimit: 0 }, // 7
      { productId: STANDARD, licenseKey: key(), activationLimit: 1.5 }, // 8
      { productId: STANDARD, licenseKey: key(), activationLimit: Number.NaN }, // 9
      { productId: '', licenseKey: key() }, // 10
      { productId: 'nope', licenseKey: 'short', activationLimit: -1 }, // 11
      { productId: HOME, licenseKey: good[1], activationLimit: 2 }, // 12
      { productId: STANDARD, licenseKey: key(), activationLimit: 2_000_000 }, // 13
    ] as InventoryImportRow[];
    const before = await t.db.getRepository(LicenseKey).count();

    const result = await inventory.importKeys(rows);
    expect(result).toEqual({
      imported: 2,
      duplicates: 0,
      invalid: [
        { line: 3, reason: 'Unknown product ID "office-2019"' },
        { line: 4, reason: FORMAT_MESSAGE },
        { line: 5, reason: FORMAT_MESSAGE },
        { line: 6, reason: 'License key is required' },
        { line: 7, reason: LIMIT_MESSAGE },
        { line: 8, reason: LIMIT_MESSAGE },
        { line: 9, reason: LIMIT_MESSAGE },
        { line: 10, reason: 'Product ID is required' },
        { line: 11, reason: `Unknown product ID "nope"; ${FORMAT_MESSAGE}; ${LIMIT_MESSAGE}` },
        { line: 13, reason: 'Activation limit must be at most 1000000' },
      ],
    });
    expect(await t.db.getRepository(LicenseKey).count()).toBe(before + 2);
    expect(await keysOf(good)).toHaveLength(2);
    // No reason ever repeats the key.
    for (const { reason } of result.invalid) expect(reason).not.toMatch(/[A-Z0-9]{5}-[A-Z0-9]{5}/);
  });

  it('imports more than one batch, with duplicates across batches', async () => {
    const keys = freshKeys(IMPORT_BATCH_SIZE * 2 + 50);
    const alreadyStored = [keys[10]!, keys[IMPORT_BATCH_SIZE + 5]!, keys[keys.length - 1]!];
    await inventory.importKeys(rowsFor(PRO, alreadyStored));
    const rows = [...rowsFor(PRO, keys), ...rowsFor(PRO, keys.slice(0, 20))];

    const result = await inventory.importKeys(rows);
    expect(result).toEqual({ imported: keys.length - 3, duplicates: 23, invalid: [] });
    expect(await keysOf(keys)).toHaveLength(keys.length);
  });

  it('counts a key that a concurrent import stored first as a duplicate, never an error', async () => {
    const shared = freshKeys(150);
    const onlyA = freshKeys(40);
    const onlyB = freshKeys(60);
    const results = await Promise.all([
      inventory.importKeys(rowsFor(HOME, [...onlyA, ...shared])),
      inventory.importKeys(rowsFor(HOME, [...shared].reverse().concat(onlyB))),
      inventory.importKeys(rowsFor(HOME, shared)),
    ]);
    const imported = results.reduce((sum, r) => sum + r.imported, 0);
    const duplicates = results.reduce((sum, r) => sum + r.duplicates, 0);
    expect(imported).toBe(shared.length + onlyA.length + onlyB.length);
    expect(duplicates).toBe(shared.length * 2);
    expect(results.every((r) => r.invalid.length === 0)).toBe(true);
    expect(await keysOf([...shared, ...onlyA, ...onlyB])).toHaveLength(250);
  });

  it('counts available stock: unassigned and active keys per product', async () => {
    const counts = await inventory.countAvailable();
    expect(Object.keys(counts).sort()).toEqual([HOME, STANDARD, PRO].sort());
    const repo = t.db.getRepository(LicenseKey);
    for (const productId of [STANDARD, HOME, PRO]) {
      const unassigned = await repo
        .createQueryBuilder('k')
        .where('k.productId = :productId AND k.orderId IS NULL AND k.status = :active', {
          productId,
          active: 'active',
        })
        .getCount();
      expect(unassigned).toBeGreaterThan(0);
      expect(counts[productId]).toBe(unassigned);
      expect(await inventory.countAvailable(productId)).toBe(unassigned);
    }

    // Assigning one key to an order and revoking another each take one out of stock.
    const [sold, revoked] = freshKeys(2) as [string, string];
    await inventory.importKeys(rowsFor(STANDARD, [sold, revoked]));
    const standardBefore = await inventory.countAvailable(STANDARD);
    const order = await t.db.getRepository(Order).save(
      t.db.getRepository(Order).create({
        customerName: 'Stock Test',
        customerEmail: 'stock@example.com',
        billingFirstName: 'Stock',
        billingLastName: 'Test',
        billingAddress: '1 Main Street',
        billingCity: 'Springfield',
        billingCountry: 'US',
        billingZipCode: '12345',
        billingPhoneCountryCode: '+1',
        billingPhone: '5550100',
        subtotalCents: 4049,
        totalCents: 4049,
        orderItems: [
          { productId: STANDARD, name: 'Office 2024 Standard', quantity: 1, unitPriceCents: 4049 },
        ],
      }),
    );
    await repo.update({ keyLookup: cipher.lookupHash(sold) }, { orderId: order.id, assignedAt: new Date() });
    await repo.update({ keyLookup: cipher.lookupHash(revoked) }, { status: 'revoked' });
    expect(await inventory.countAvailable(STANDARD)).toBe(standardBefore - 2);
    expect((await inventory.countAvailable())[STANDARD]).toBe(standardBefore - 2);
    expect(await inventory.countAvailable('no-such-product')).toBe(0);
  });

  it('imports keys that the activation API then accepts', async () => {
    const [plain] = freshKeys(1) as [string];
    await inventory.importKeys([{ productId: STANDARD, licenseKey: plain, activationLimit: 2 }]);
    const res = await t
      .http()
      .post('/api/licenses/activate')
      .send({ licenseKey: plain.toLowerCase(), instanceId: 'imported-pc' })
      .expect(200);
    expect(res.body).toEqual({ valid: true, activationCount: 1, activationLimit: 2 });
  });
});
