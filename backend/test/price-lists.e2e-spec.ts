import { waitFor, type ScratchDatabase } from '@store/testing';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { CATALOG, CATALOG_PRICES, CATALOG_VERSION } from '../src/catalog/catalog.data.js';
import { CatalogService, PRICES_MAX_AGE_MS } from '../src/catalog/catalog.service.js';
import { ProductPrice } from '../src/catalog/entities/product-price.entity.js';
import { seedPriceLists } from '../src/catalog/price-lists.js';
import { Product } from '../src/catalog/entities/product.entity.js';
import { CURRENCIES } from '../src/common/money.js';
import { ProductPrices1766300000100 } from '../src/database/migrations/1766300000100-product-prices.js';
import { runInTransaction } from '../src/database/transactions.js';
import { MIGRATIONS } from '../src/schema/entities.js';
import { SeedService } from '../src/seed/seed.service.js';
import { HOME_BUSINESS, PRO_PLUS, STANDARD } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, migratedDatabaseUrl, startTestApp, type TestApp } from './support/test-app.js';

interface Listed {
  id: string;
  currency: string;
  currentPrice: string;
  originalPrice: string;
  currentPriceCents: number;
  originalPriceCents: number;
  savings: string;
}

const SOLD = 'USD, EUR, GBP, INR, CAD, AUD, JPY, SGD, AED';
const EUR_STANDARD = { currency: 'EUR', currentPriceCents: 3499, originalPriceCents: 18999 };
const USD_STANDARD = { currency: 'USD', currentPriceCents: 4049, originalPriceCents: 20249 };

/** Price lists per currency (#35 §1): what shoppers are shown in each, and staff setting them. */
describe(`price lists per currency on ${DRIVER}`, () => {
  let database: ScratchDatabase;
  // Two apps on one database stand for two processes of one store.
  let t: TestApp;
  let other: TestApp;
  let admin: string;
  let support: string;

  const list = async (app: TestApp, query = '') =>
    (await app.http().get(`/api/products${query}`).expect(200)).body as Listed[];
  const setPrices = (id: string, body: object, as = admin) =>
    t.http().put(`/api/admin/products/${id}/prices`).set('Authorization', as).send(body);

  beforeAll(async () => {
    database = await migratedDatabaseUrl();
    t = await startTestApp({ DATABASE_URL: database.url, TRUST_PROXY: 'loopback', SEED_DEMO_KEYS: '0' });
    other = await startTestApp({ DATABASE_URL: database.url, SEED_DEMO_KEYS: '0' });
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await database?.drop();
  });

  describe('GET /api/products?currency=', () => {
    it('answers USD as before without a currency, and says so', async () => {
      const usd = await list(t);
      expect(usd.map((p) => [p.id, p.currency, p.currentPrice, p.currentPriceCents, p.savings])).toEqual([
        [STANDARD, 'USD', '$40.49', 4049, '80%'],
        [HOME_BUSINESS, 'USD', '$242.99', 24299, '28%'],
        [PRO_PLUS, 'USD', '$53.99', 5399, '91%'],
      ]);
      expect(await list(t, '?currency=USD')).toEqual(usd);
    });

    it('prices each product in the currency asked for, in its minor units, formatted for it', async () => {
      const eur = await list(t, '?currency=EUR');
      expect(
        eur.map((p) => [p.id, p.currency, p.currentPrice, p.originalPrice, p.currentPriceCents]),
      ).toEqual([
        [STANDARD, 'EUR', '€37.99', '€189.99', 3799],
        [HOME_BUSINESS, 'EUR', '€224.99', '€312.99', 22499],
        [PRO_PLUS, 'EUR', '€49.99', '€593.99', 4999],
      ]);
      // Yen have no minor unit: ¥6,000 is 6000.
      const jpy = await list(t, '?currency=JPY');
      expect(jpy[0]).toMatchObject({
        id: STANDARD,
        currency: 'JPY',
        currentPriceCents: 6000,
        originalPriceCents: 30000,
        currentPrice: '¥6,000',
        originalPrice: '¥30,000',
        savings: '80%',
      });
      const gbp = (await t.http().get(`/api/products/${PRO_PLUS}?currency=GBP`).expect(200)).body as Listed;
      expect([gbp.currentPrice, gbp.originalPrice, gbp.savings]).toEqual(['£42.99', '£509.99', '91%']);
    });

    it.each([['XYZ'], ['eur'], ['']])(
      'refuses the currency %p, naming the parameter and the codes sold',
      async (code) => {
        const res = await t.http().get('/api/products').query({ currency: code }).expect(400);
        const message = `currency must be one of the currencies sold, upper-case: ${SOLD}`;
        expect(res.body).toMatchObject({
          statusCode: 400,
          message,
          errors: [{ field: 'currency', message }],
        });
      },
    );

    it('lists in store-config the currencies sold, the default first', async () => {
      const config = (await t.http().get('/api/store-config').expect(200)).body;
      expect([config.currencies, config.defaultCurrency]).toEqual([[...CURRENCIES], 'USD']);
    });
  });

  describe('staff setting a price list', () => {
    it('shows the price list in the back office, in the order of the currencies', async () => {
      const res = await t
        .http()
        .get(`/api/admin/products/${STANDARD}`)
        .set('Authorization', support)
        .expect(200);
      expect((res.body.prices as { currency: string }[]).map((p) => p.currency)).toEqual([...CURRENCIES]);
      expect(res.body.prices[0]).toEqual(USD_STANDARD);
      expect(res.body.prices[1]).toEqual({ currency: 'EUR', ...CATALOG_PRICES[STANDARD]!.EUR });
    });

    it('changes a euro price: audited, served at once here and by the other process within its refresh', async () => {
      const before = (await t.http().get(`/api/admin/products/${STANDARD}`).set('Authorization', admin)).body
        .prices as unknown[];
      const prices = [
        USD_STANDARD,
        EUR_STANDARD,
        { currency: 'JPY', currentPriceCents: 5800, originalPriceCents: 30000 },
      ];
      const res = await setPrices(STANDARD, { prices }).expect(200);
      expect(res.body).toMatchObject({ id: STANDARD, prices });
      expect((await list(t, '?currency=EUR'))[0]).toMatchObject({
        currentPriceCents: 3499,
        currentPrice: '€34.99',
        savings: '81%',
      });
      // Left out of the list: no longer sold in pounds, the others still are.
      expect((await list(t, '?currency=GBP')).map((p) => p.id)).toEqual([HOME_BUSINESS, PRO_PLUS]);
      const [entry] = await t.db
        .getRepository(AuditEntry)
        .findBy({ action: 'products.prices', resourceId: STANDARD });
      expect(entry).toMatchObject({ resource: 'products', before: { prices: before }, after: { prices } });

      // The other process prices a checkout with the database's price at once, and lists it within its refresh.
      const now = await other.app.get(CatalogService).pricesFromDatabase([STANDARD, PRO_PLUS], 'EUR');
      expect(now.get(STANDARD)).toEqual({ currentPriceCents: 3499, originalPriceCents: 18999 });
      await waitFor(async () => (await list(other, '?currency=EUR'))[0]!.currentPriceCents === 3499, {
        timeoutMs: PRICES_MAX_AGE_MS + 5_000,
        what: "the other process's euro price",
      });
      expect(other.app.get(CatalogService).priceIn(STANDARD, 'EUR')).toEqual({
        currentPriceCents: 3499,
        originalPriceCents: 18999,
      });
      expect(other.app.get(CatalogService).priceIn(STANDARD, 'GBP')).toBeUndefined();
    });

    it("keeps the products' own USD price in step for older builds", async () => {
      await setPrices(STANDARD, {
        prices: [{ currency: 'USD', currentPriceCents: 3999, originalPriceCents: 19999 }, EUR_STANDARD],
      }).expect(200);
      const row = await t.db.getRepository(Product).findOneByOrFail({ id: STANDARD });
      expect([row.currentPriceCents, row.originalPriceCents, row.savings]).toEqual([3999, 19999, '80%']);
      expect((await list(t))[0]).toMatchObject({ currentPrice: '$39.99', currentPriceCents: 3999 });
      await setPrices(STANDARD, { prices: [USD_STANDARD, EUR_STANDARD] }).expect(200);
    });

    it('is for admins only: support staff are refused', async () => {
      await setPrices(STANDARD, { prices: [USD_STANDARD] }, support).expect(403);
      await t
        .http()
        .put(`/api/admin/products/${STANDARD}/prices`)
        .send({ prices: [USD_STANDARD] })
        .expect(401);
      expect((await list(t, '?currency=EUR'))[0]!.currentPriceCents).toBe(3499);
    });

    const eur = (price: object) => ({ ...EUR_STANDARD, ...price });
    it.each([
      [{}, 'prices'],
      [{ prices: 'cheap' }, 'prices'],
      [{ prices: [] }, 'prices'],
      [{ prices: [EUR_STANDARD] }, 'prices'],
      [{ prices: [USD_STANDARD, EUR_STANDARD, eur({})] }, 'prices.2.currency'],
      [{ prices: [USD_STANDARD, eur({ currency: 'eur' })] }, 'prices.1.currency'],
      [{ prices: [USD_STANDARD, eur({ currency: 'XYZ' })] }, 'prices.1.currency'],
      [{ prices: [USD_STANDARD, eur({ currentPriceCents: 0 })] }, 'prices.1.currentPriceCents'],
      [{ prices: [USD_STANDARD, eur({ currentPriceCents: 34.99 })] }, 'prices.1.currentPriceCents'],
      [{ prices: [USD_STANDARD, eur({ currentPriceCents: '3499' })] }, 'prices.1.currentPriceCents'],
      [{ prices: [USD_STANDARD, eur({ originalPriceCents: 100_000_001 })] }, 'prices.1.originalPriceCents'],
      [{ prices: [USD_STANDARD, eur({ originalPriceCents: 3000 })] }, 'prices.1.originalPriceCents'],
      [{ prices: [USD_STANDARD, eur({ note: 'x' })] }, 'prices.1.note'],
    ])('refuses %j, naming %s, and changes nothing', async (body, field) => {
      const res = await setPrices(STANDARD, body).expect(400);
      expect(res.body.errors).toEqual([{ field, message: expect.any(String) }]);
      expect((await list(t, '?currency=EUR'))[0]!.currentPriceCents).toBe(3499);
    });

    it('answers 404 for a product not in the catalogue', async () => {
      await setPrices('office-1999', { prices: [USD_STANDARD] }).expect(404);
    });
  });

  describe('the seed', () => {
    const prices = (productId: string) =>
      t.db.getRepository(ProductPrice).find({ where: { productId }, order: { currency: 'ASC' } });

    it('never writes over a price list staff set, nor adds to it; brings up its own prices from an older version', async () => {
      const standard = await prices(STANDARD);
      expect(standard.map((p) => [p.currency, p.currentPriceCents, p.catalogVersion])).toEqual([
        ['EUR', 3499, null],
        ['USD', 4049, null],
      ]);
      await t.db
        .getRepository(ProductPrice)
        .update(
          { productId: PRO_PLUS, currency: 'GBP' },
          { currentPriceCents: 1, catalogVersion: CATALOG_VERSION - 1 },
        );
      await t.app.get(SeedService).seed();
      expect(await prices(STANDARD)).toEqual(standard);
      expect((await prices(PRO_PLUS)).find((p) => p.currency === 'GBP')).toMatchObject({
        ...CATALOG_PRICES[PRO_PLUS]!.GBP,
        catalogVersion: CATALOG_VERSION,
      });
      // A newer catalogue with new prices: written over the seed's own prices (the USD one kept in step in the
      // product's columns), never over staff's.
      const newer = {
        version: CATALOG_VERSION + 1,
        products: CATALOG.map((product) => ({
          ...product,
          currentPriceCents: product.currentPriceCents - 50,
        })),
        prices: CATALOG_PRICES,
      };
      await runInTransaction(t.db, (m) => seedPriceLists(m, newer));
      expect(await prices(STANDARD)).toEqual(standard);
      const home = (await prices(HOME_BUSINESS)).find((p) => p.currency === 'USD');
      expect([home?.currentPriceCents, home?.catalogVersion]).toEqual([24249, CATALOG_VERSION + 1]);
      const row = await t.db.getRepository(Product).findOneByOrFail({ id: HOME_BUSINESS });
      expect(row.currentPriceCents).toBe(24249);
    });
  });
});

/** The migration that made the price lists, on a store's database of the schema before it. */
describe(`the price lists' migration on ${DRIVER}`, () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it("fills each product's USD price from its own columns and the others from the catalogue's", async () => {
    t = await startTestApp({ SEED_DEMO_KEYS: '0' });
    const runner = t.db.createQueryRunner();
    await runner.beforeMigration();
    try {
      const since = MIGRATIONS.indexOf(ProductPrices1766300000100);
      for (let i = since; i < MIGRATIONS.length; i++) await t.db.undoLastMigration();
    } finally {
      await runner.afterMigration();
      await runner.release();
    }
    expect(await runner.connection.createQueryRunner().hasTable('product_prices')).toBe(false);
    // The store's own USD price, which the catalogue's version does not say.
    await t.db
      .getRepository(Product)
      .update({ id: STANDARD }, { currentPriceCents: 3900, originalPriceCents: 20000 });
    await t.db.runMigrations();
    const rows = await t.db.getRepository(ProductPrice).find();
    expect(rows).toHaveLength(3 * CURRENCIES.length);
    const of = (productId: string, currency: string) =>
      rows.find((row) => row.productId === productId && row.currency === currency);
    expect(of(STANDARD, 'USD')).toMatchObject({
      currentPriceCents: 3900,
      originalPriceCents: 20000,
      catalogVersion: CATALOG_VERSION,
    });
    expect(of(PRO_PLUS, 'JPY')).toMatchObject({
      ...CATALOG_PRICES[PRO_PLUS]!.JPY,
      catalogVersion: CATALOG_VERSION,
    });
    // The seed finds them current, and the store serves them.
    await t.app.get(SeedService).onApplicationBootstrap();
    expect((await t.http().get('/api/products').expect(200)).body[0]).toMatchObject({
      currentPrice: '$39.00',
    });
  }, 120_000);
});
