import { generateLicenseKey } from '../src/license-keys/license-key-cipher.js';
import { RestockService } from '../src/fulfilment/restock.service.js';
import { buyWithDemo, createIntent, PRO_PLUS, STANDARD } from './support/checkout.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

const keysFor = (productId: string, count: number) =>
  Array.from({ length: count }, () => ({ productId, licenseKey: generateLicenseKey() }));

/** #34: a shopper is told before paying, and after, when keys are not in stock and follow by e-mail. */
describe(`back-orders at checkout on ${DRIVER}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO_KEYS: '0', TRUST_PROXY: 'loopback' });
    await t.app.get(RestockService).importKeys(keysFor(STANDARD, 2));
  });
  afterAll(() => t.close());

  const status = (intent: { orderId: string; clientSecret: string }) =>
    t
      .http()
      .get(`/api/orders/${intent.orderId}/status`)
      .query({ clientSecret: intent.clientSecret })
      .expect(200);

  it('says before payment whether some keys would follow, never how many are in stock', async () => {
    const inStock = await createIntent(t, { cartItems: [{ id: STANDARD, quantity: 2 }] }).expect(201);
    expect(inStock.body).toMatchObject({ keysToFollow: false, backOrderHours: 24 });

    // Low stock: more keys asked for than there are, the rest would follow.
    const partial = await createIntent(t, { cartItems: [{ id: STANDARD, quantity: 3 }] }).expect(201);
    expect(partial.body).toMatchObject({ keysToFollow: true, backOrderHours: 24 });
    expect(JSON.stringify(partial.body)).not.toMatch(/available|inStock|stockCount/i);

    // No key at all of one product in a cart of two.
    const mixed = await createIntent(t, {
      cartItems: [
        { id: STANDARD, quantity: 1 },
        { id: PRO_PLUS, quantity: 1 },
      ],
    }).expect(201);
    expect(mixed.body.keysToFollow).toBe(true);
  });

  it('answers the status of a paid back-order as awaiting keys, and of a delivered one as not', async () => {
    const delivered = await buyWithDemo(t, [{ id: STANDARD, quantity: 1 }], 'in-stock@example.com');
    expect((await status(delivered)).body).toMatchObject({
      status: 'fulfilled',
      paymentStatus: 'completed',
      awaitingKeys: false,
      backOrderHours: 24,
    });

    // One key left: one delivered now, two to follow.
    const partial = await buyWithDemo(t, [{ id: STANDARD, quantity: 3 }], 'partial@example.com');
    expect((await status(partial)).body).toMatchObject({
      status: 'processing',
      paymentStatus: 'completed',
      awaitingKeys: true,
      backOrderHours: 24,
    });

    await t.app.get(RestockService).importKeys(keysFor(STANDARD, 2));
    expect((await status(partial)).body).toMatchObject({ status: 'fulfilled', awaitingKeys: false });
  });
});
