import { SmtpSink } from '@store/testing';
import { ReservationSweeper } from '../src/fulfilment/reservation-sweeper.js';
import { OutboxWorker } from '../src/emails/outbox.worker.js';
import { StockService } from '../src/stock/stock.service.js';
import { createIntent, type Intent } from './support/checkout.js';
import { DRIVER, HOLD_COUNTING_RULES_OFF, startTestApp, type TestApp } from './support/test-app.js';

/**
 * What a purchase costs the database, counted in SQL statements (transaction control included): the
 * checkout's throughput is bound by them (see docs/performance.md, Checkout). Counts, not times, so
 * the test is as stable as the code; a change that adds a statement to every purchase must say why here.
 */
describe(`SQL statements of a purchase on ${DRIVER}`, () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let statements: string[] = [];

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    // The shipped defaults (an empty setting is its default): the fraud rules that count orders and the
    // low-stock alert on, which the tests' store turns off.
    t = await startTestApp({
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'loopback',
      ...Object.fromEntries(Object.keys(HOLD_COUNTING_RULES_OFF).map((name) => [name, ''])),
      LOW_STOCK_THRESHOLD: '',
    });
    expect(t.config.review.velocityOrders).toBeGreaterThan(0);
    expect(t.config.stock.lowStockThreshold).toBeGreaterThan(0);
    // The housekeeping's rounds (at start and every minute) would be counted with the purchase: ended.
    await t.app.get(ReservationSweeper).onApplicationShutdown();
    // Every driver's query runner hands each statement to the logger, whatever the logging settings.
    jest.spyOn(t.db.logger, 'logQuery').mockImplementation((sql: string) => void statements.push(sql));
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
    await smtp.close();
  });

  /** The statements `work` runs, the outbox worker held off so that its sends are counted apart. */
  async function count(work: () => Promise<unknown>): Promise<string[]> {
    const worker = t.app.get(OutboxWorker);
    await worker.stop();
    statements = [];
    await work();
    // The stock check that follows a sale's commit (#21 §2) is counted with it.
    await t.app.get(StockService).settled();
    const counted = statements;
    worker.start();
    return counted;
  }

  it('creates, confirms, invoices, delivers, checks the stock of and e-mails a purchase in 24 statements', async () => {
    let intent: Intent | undefined;
    const created = await count(async () => (intent = (await createIntent(t).expect(201)).body as Intent));
    const confirmed = await count(() =>
      t
        .http()
        .post('/api/payments/demo/confirm')
        .send({ orderId: intent!.orderId, clientSecret: intent!.clientSecret })
        .expect(200)
        .expect((res) => expect(res.body).toMatchObject({ status: 'fulfilled', paymentStatus: 'completed' })),
    );
    const sent = await count(async () => {
      expect(await t.app.get(OutboxWorker).drain()).toEqual({ sent: 1, failed: 0 });
    });
    expect(smtp.received).toHaveLength(1);
    // Creating: whether any key of a line must follow later (its keys in stock counted up to the line's
    // quantity, #34), the order's INSERT (one statement, no transaction without a coupon, nothing read
    // back), then its payment's UPDATE. Confirming, in one transaction: the order read under its lock (the client
    // secret checked), the conditional UPDATE, the invoice (its series' upsert answering the number, #20 §5,
    // then its INSERT), the day's sales roll-up row (#21 §4), the fraud rule that counts the shopper's
    // orders (velocity, at most its level + 1 rows; the others read nothing for a first order under its
    // amount), one SELECT and one UPDATE for the key, the download link, the order's status, the e-mail,
    // and the payment event the order's timeline shows. Once committed, the stock check outside it (#21 §2):
    // the products' alert states and the keys in stock counted up to the low-stock level (a sale delivered
    // in full leaves the orders waiting as they were: not read, #33). Sending: the due messages, the claim, the message with its order's state, the outcome, and
    // the look that finds none left.
    expect({
      created: created.length,
      confirmed: confirmed.length,
      sent: sent.length,
      total: created.length + confirmed.length + sent.length,
    }).toEqual({ created: 3, confirmed: 14 + 2, sent: 5, total: 24 });
  });
});
