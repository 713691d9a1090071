import { CATALOG, CATALOG_VERSION, type CatalogProduct } from '../src/catalog/catalog.data.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { buyWithDemo, STANDARD } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/*
 * Adding a product is one change: the catalogue (catalog.data.ts). Here a test-only catalogue with a fourth
 * edition is given to the app, with no other change, and the new edition flows everywhere the catalogue
 * is used: the product list, checkout, the key inventory and its import, fulfilment, the back office's
 * lists, filters, search, creation dialogs and dashboard.
 */
const VISIO: CatalogProduct = {
  id: 'visio-2024-professional',
  title: 'Visio 2024 Professional',
  subtitle: 'Lifetime licence for 1 Windows PC',
  description: 'Diagrams and flowcharts for Windows. A one-time purchase, no subscription.',
  includedApps: [{ name: 'Visio', icon: 'visio' }],
  compatibility: ['Windows'],
  licensesLeft: '',
  listPriceSource: null,
  originalPriceCents: 57999,
  currentPriceCents: 12999,
  savings: '78%',
  sortOrder: 4,
  installerFileName: 'VisioSetup.exe',
  installerUrl: 'https://setup.office.com/',
  installerSize: '5 MB',
  macInstallerFileName: null,
  macInstallerUrl: null,
  macInstallerSize: null,
};

const query = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&');

describe('a fourth product, added to the catalogue alone', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(
      { TRUST_PROXY: 'loopback', SEED_DEMO_KEYS: 'false' },
      { catalog: { version: CATALOG_VERSION, products: [...CATALOG, VISIO] } },
    );
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  const get = (path: string) => t.http().get(path).set('authorization', admin).expect(200);

  it('is listed by GET /api/products, after the three, and served on its own', async () => {
    const products = (await t.http().get('/api/products').expect(200)).body as {
      id: string;
      title: string;
    }[];
    expect(products.map((p) => p.id)).toEqual([...CATALOG.map((p) => p.id), VISIO.id]);
    expect((await t.http().get(`/api/products/${VISIO.id}`).expect(200)).body).toMatchObject({
      id: VISIO.id,
      title: 'Visio 2024 Professional',
      currentPrice: '$129.99',
      currentPriceCents: 12999,
    });
  });

  it("is bought, waits for keys, is delivered when keys for it are imported, and is in the back office's lists", async () => {
    const intent = await buyWithDemo(t, [
      { id: VISIO.id, quantity: 2 },
      { id: STANDARD, quantity: 1 },
    ]);
    expect(intent.subtotalCents).toBe(2 * 12999 + CATALOG[0]!.currentPriceCents);
    const waiting = await t.db.getRepository(Order).findOneByOrFail({ id: intent.orderId });
    expect([waiting.status, waiting.paymentStatus, waiting.awaitingKeys]).toEqual([
      'processing',
      'completed',
      true,
    ]);

    const stock = (await get('/api/admin/dashboard')).body as {
      stock: { productId: string; title: string }[];
    };
    expect(stock.stock.map((row) => row.productId)).toEqual([...CATALOG.map((p) => p.id), VISIO.id]);
    expect(stock.stock.at(-1)).toMatchObject({
      productId: VISIO.id,
      title: VISIO.title,
      available: 0,
      waitingOrders: 1,
    });

    const imported = await t
      .http()
      .post('/api/admin/license-keys/import')
      .set('authorization', admin)
      .set('content-type', 'text/csv')
      .send(
        [
          'productId,licenseKey',
          `${VISIO.id},VISIO-00000-00000-00000-AAAA1`,
          `${VISIO.id},VISIO-00000-00000-00000-AAAA2`,
          `${VISIO.id},VISIO-00000-00000-00000-AAAA3`,
          `${STANDARD},VISIO-00000-00000-00000-AAAA4`,
          'visio-2019,VISIO-00000-00000-00000-AAAA5',
        ].join('\n'),
      )
      .expect(200);
    expect(imported.body).toEqual({
      imported: 4,
      duplicates: 0,
      invalid: [{ line: 6, reason: 'Unknown product ID "visio-2019"' }],
      ordersCompleted: 1,
    });

    const order = await t.db.getRepository(Order).findOneByOrFail({ id: intent.orderId });
    expect([order.status, order.awaitingKeys]).toEqual(['fulfilled', false]);
    const keys = await t.db.getRepository(LicenseKey).findBy({ orderId: intent.orderId });
    expect(keys.map((key) => key.productId).sort()).toEqual([STANDARD, VISIO.id, VISIO.id]);
    const detail = (await get(`/api/admin/orders/${intent.orderId}`)).body as {
      orderItems: { productId: string; name: string; quantity: number }[];
      downloads: { productId: string; fileName: string }[];
    };
    expect(detail.orderItems).toContainEqual(
      expect.objectContaining({ productId: VISIO.id, name: VISIO.title }),
    );
    expect(detail.downloads).toContainEqual(
      expect.objectContaining({ productId: VISIO.id, fileName: 'VisioSetup.exe' }),
    );

    // The back office's lists: filtered by it, found by it, and refusing an id outside the catalogue.
    const listed = (await get(`/api/admin/license-keys?${query({ filter: { productId: VISIO.id } })}`))
      .body as {
      productId: string;
      orderId: string | null;
    }[];
    expect(listed).toHaveLength(3);
    expect(listed.every((key) => key.productId === VISIO.id)).toBe(true);
    expect(listed.filter((key) => key.orderId === null)).toHaveLength(1);
    const searched = (await get(`/api/admin/license-keys?${query({ filter: { q: VISIO.id } })}`)).body;
    expect(searched).toHaveLength(3);

    const links = (await get(`/api/admin/downloads?${query({ filter: { productId: VISIO.id } })}`)).body as {
      productId: string;
    }[];
    expect(links.map((link) => link.productId)).toEqual([VISIO.id]);
    const byTitle = (await get(`/api/admin/downloads?${query({ filter: { q: 'visio 2024' } })}`)).body;
    expect(byTitle).toEqual(links);

    const refused = await t
      .http()
      .get(`/api/admin/license-keys?${query({ filter: { productId: 'visio-2019' } })}`)
      .set('authorization', admin)
      .expect(400);
    expect(refused.body.message).toBe(
      `filter productId must be one of ${[...CATALOG.map((p) => p.id), VISIO.id].join(', ')}`,
    );
  });

  it('can be given a key or a download link by staff', async () => {
    const intent = await buyWithDemo(t, [{ id: VISIO.id, quantity: 2 }]);
    const key = await t
      .http()
      .post('/api/admin/license-keys')
      .set('authorization', admin)
      .send({ orderId: intent.orderId, productId: VISIO.id, licenseKey: 'VISIO-11111-22222-33333-BBBB1' })
      .expect(201);
    expect(key.body).toMatchObject({ orderId: intent.orderId, productId: VISIO.id, status: 'active' });
    const link = await t
      .http()
      .post('/api/admin/downloads')
      .set('authorization', admin)
      .send({
        orderId: intent.orderId,
        productId: VISIO.id,
        fileName: 'Visio.exe',
        fileUrl: 'https://example.com/v',
      })
      .expect(201);
    expect(link.body).toMatchObject({ orderId: intent.orderId, productId: VISIO.id });
  });
});
