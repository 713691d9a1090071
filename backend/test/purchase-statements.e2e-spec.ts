import { SmtpSink } from '@store/testing';
import { ReservationSweeper } from '../src/fulfilment/reservation-sweeper.js';
import { OutboxWorker } from '../src/emails/outbox.worker.js';
import { StockService } from '../src/stock/stock.service.js';
import { createIntent, type Intent } from './support/checkout.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

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
    t = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: 'loopback' });
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

  // TypeORM's SQLite driver has no INSERT ... RETURNING: it reads an inserted order or e-mail back.
  const readBack = DRIVER === 'sqlite' ? 1 : 0;

  it(`creates an order in ${4 + readBack} statements, and confirms, invoices, delivers and e-mails it in ${15 + readBack}, then checks stock in 5`, async () => {
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
    // Creating: the order's INSERT in a transaction, then its payment. Confirming: the order read for its
    // client secret, then in one transaction the conditional UPDATE, the order read again, the invoice (its
    // number's series row upserted and read back, then its INSERT: #20 §5), one SELECT and one UPDATE for the
    // key, the download link, the order's status, the e-mail, and the payment event the order's timeline
    // shows, and the day's sales roll-up row (#21 §4; a key with a cost adds one for it). (The fraud rules
    // that count orders, off in the tests' store, add a SELECT each.) Once committed, the stock check in a
    // transaction of its own: the products' stock, their alert states and the orders waiting (#21 §2).
    expect({ created: created.length, confirmed: confirmed.length }).toEqual({
      created: 4 + readBack,
      confirmed: 15 + readBack + 5,
    });
  });
});
