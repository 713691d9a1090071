import { SmtpSink, waitFor } from '@store/testing';
import { ProductSettings } from '../src/catalog/entities/product-settings.entity.js';
import { RestockService } from '../src/fulfilment/restock.service.js';
import { generateLicenseKey } from '../src/license-keys/license-key-cipher.js';
import { StockService } from '../src/stock/stock.service.js';
import { buyWithDemo, HOME_BUSINESS, PRO_PLUS, STANDARD } from './support/checkout.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

const DEFAULT_LEVEL = 5;

/** What the catalogue says of each product's stock (#34): from the keys in stock, never a fixed text. */
describe(`the catalogue's stock levels on ${DRIVER}`, () => {
  let t: TestApp;
  let smtp: SmtpSink;

  const restock = (productId: string, count: number) =>
    t.app
      .get(RestockService)
      .importKeys(Array.from({ length: count }, () => ({ productId, licenseKey: generateLicenseKey() })));
  const levels = async () => {
    const res = await t.http().get('/api/products').expect(200);
    return Object.fromEntries(
      (res.body as { id: string; stockLevel: string }[]).map((p) => [p.id, p.stockLevel]),
    );
  };

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({
      SEED_DEMO_KEYS: '0',
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'loopback',
      LOW_STOCK_THRESHOLD: String(DEFAULT_LEVEL),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('says back-ordered with no key in stock, with the hours the keys follow in, and no fixed text', async () => {
    const res = await t.http().get('/api/products').expect(200);
    for (const product of res.body as Record<string, unknown>[]) {
      expect(product).toMatchObject({ stockLevel: 'back_ordered', backOrderHours: 24, licensesLeft: '' });
    }
    const one = await t.http().get(`/api/products/${PRO_PLUS}`).expect(200);
    expect(one.body).toMatchObject({ stockLevel: 'back_ordered', backOrderHours: 24 });
  });

  it('says low stock below the low-stock level, in stock at it, per product (its own level first)', async () => {
    await restock(STANDARD, DEFAULT_LEVEL - 1);
    await restock(HOME_BUSINESS, DEFAULT_LEVEL);
    expect(await levels()).toEqual({
      [STANDARD]: 'low_stock',
      [HOME_BUSINESS]: 'in_stock',
      [PRO_PLUS]: 'back_ordered',
    });
    // A product's own level, as the back office sets it, is the one that counts.
    await t.db
      .getRepository(ProductSettings)
      .upsert({ productId: HOME_BUSINESS, lowStockThreshold: DEFAULT_LEVEL + 1 }, ['productId']);
    await t.app.get(StockService).recheck();
    expect((await levels())[HOME_BUSINESS]).toBe('low_stock');
    // 0: no low-stock level; a single key is "in stock".
    await t.db
      .getRepository(ProductSettings)
      .upsert({ productId: PRO_PLUS, lowStockThreshold: 0 }, ['productId']);
    await restock(PRO_PLUS, 1);
    expect((await levels())[PRO_PLUS]).toBe('in_stock');
  });

  it('is not stale after a sale: the last key sold makes the product back-ordered at once', async () => {
    expect((await levels())[PRO_PLUS]).toBe('in_stock');
    await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 1 }], 'last.key@example.com');
    await t.app.get(StockService).settled();
    expect((await levels())[PRO_PLUS]).toBe('back_ordered');
  });

  it("titles a back-order's confirmation for what it is: the keys follow within 24 hours", async () => {
    const intent = await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 1 }], 'back.order@example.com');
    const ref = intent.orderId.slice(0, 8).toUpperCase();
    const [mail] = await waitFor(() => {
      const mails = smtp.received.filter((m) => m.to.includes('back.order@example.com'));
      return mails.length > 0 && mails;
    });
    expect(mail!.subject).toBe(`Order ${ref} confirmed: your licence keys follow within 24 hours`);
    expect(mail!.text).toContain('Your licence keys are not in stock yet');
    expect(mail!.text).not.toMatch(/Licence key: /);
    expect(
      smtp.withSubject('Your Office licence keys').filter((m) => m.to.includes('back.order@example.com')),
    ).toEqual([]);
  });
});
