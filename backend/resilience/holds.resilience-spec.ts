// The fraud hold (#19 §3): a held order's approval cut off by kill -9 delivers it once after the restart,
// with the keys it had reserved. The built server runs as a real process; the database is read directly.
import { waitFor } from '@store/testing';
import { recordFigures } from './support/figures.js';
import {
  claimedByTheDead,
  deliveryMails,
  expectEachOnce,
  freshKeys,
  keysIn,
  num,
  outboxSettled,
  STANDARD,
  STANDARD_LINKS,
  storeForBlock,
  type Intent,
} from './support/shoppers.js';
import { DRIVER } from './support/store-process.js';

jest.setTimeout(300_000);

describe(`kill -9 in the middle of approving held orders, on ${DRIVER}`, () => {
  // A claimed e-mail whose sender died is taken over 2 × MAIL_SEND_TIMEOUT_SECONDS after the claim.
  const store = storeForBlock({ env: { MAIL_SEND_TIMEOUT_SECONDS: '2' } });

  it('delivers each held order once after the restart, with the keys it had reserved', async () => {
    const { h, t } = store;
    const admin = await t.adminAuth();
    const stock = freshKeys(12);
    expect((await t.importKeys(admin, STANDARD, stock)).status).toBe(200);

    // Ten orders from disposable addresses: paid, held, each with one key reserved.
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const created = await t.createIntent(`held-${i}-${Date.now()}@mailinator.com`);
      expect(created.status).toBe(201);
      const intent = created.body as Intent;
      const paid = await t.confirmDemo(intent);
      expect(paid.body).toMatchObject({ status: 'on_hold', paymentStatus: 'completed' });
      ids.push(intent.orderId);
    }
    const keysOf = async () => {
      const rows = await h.db.query<{ id: string; orderId: string }>(
        `SELECT id, orderId FROM license_keys WHERE orderId IN (${ids.map(() => '?').join(',')})`,
        ids,
      );
      return new Map(rows.map((r) => [r.orderId, r.id]));
    };
    const reserved = await keysOf();
    expect(reserved.size).toBe(10);

    let approved = 0;
    const approve = (orderId: string) =>
      t.call('POST', `/api/admin/orders/${orderId}/review`, {
        json: { decision: 'approve' },
        headers: { authorization: admin },
      });
    const approvals = ids.map((id) =>
      approve(id)
        .then((answer) => {
          if (answer.status === 200) approved++;
          return answer;
        })
        .catch((error: unknown) => error),
    );
    await waitFor(() => approved >= 2, { timeoutMs: 20_000, intervalMs: 1, what: 'a few approvals' });
    await h.kill();
    await Promise.all(approvals);
    const approvedBeforeKill = approved;
    const inDoubt = await claimedByTheDead(h.db);
    await h.startServer();

    // Straight after the restart: each order still held (its key reserved, nothing sent) or delivered
    // whole (its key, its links, one delivery e-mail): nothing half done.
    const rows = await h.db.query<{ id: string; status: string; links: unknown; deliveries: unknown }>(
      'SELECT o.id, o.status, ' +
        '(SELECT COUNT(*) FROM download_links d WHERE d.orderId = o.id) AS links, ' +
        "(SELECT COUNT(*) FROM mail_outbox m WHERE m.orderId = o.id AND m.kind = 'order-delivery') AS deliveries " +
        `FROM orders o WHERE o.id IN (${ids.map(() => '?').join(',')})`,
      ids,
    );
    for (const row of rows) {
      const delivered = row.status === 'fulfilled';
      if (!delivered) expect(row.status).toBe('on_hold');
      expect([row.id, num(row.links), num(row.deliveries)]).toEqual([
        row.id,
        delivered ? STANDARD_LINKS : 0,
        delivered ? 1 : 0,
      ]);
    }
    expect(await keysOf()).toEqual(reserved);

    // Staff click Approve again on every order: the same decision, answered 200, delivered once.
    for (const id of ids) expect((await approve(id)).status).toBe(200);
    await waitFor(() => ids.every((id) => deliveryMails(h.mail.received, id).length >= 1), {
      timeoutMs: 30_000,
      what: 'every approved order to be mailed',
    });
    // The dead process's claim taken over and its e-mail sent again: a second copy would be here.
    await outboxSettled(h.db);
    const outboxRows = await h.db.query<{ id: unknown }>('SELECT id FROM mail_outbox');
    const extra = expectEachOnce(h.mail.received, outboxRows, inDoubt);
    const mailedKeys = ids.flatMap((id) => keysIn(deliveryMails(h.mail.received, id)[0]!));
    expect(mailedKeys).toHaveLength(10);
    expect(new Set(mailedKeys).size).toBe(10);
    expect(mailedKeys.every((key) => stock.includes(key))).toBe(true);
    // The keys delivered are the ones reserved when the orders were held.
    expect(await keysOf()).toEqual(reserved);
    const statuses = await h.db.query<{ status: string }>(
      `SELECT status FROM orders WHERE id IN (${ids.map(() => '?').join(',')})`,
      ids,
    );
    expect(statuses.every((s) => s.status === 'fulfilled')).toBe(true);

    recordFigures('holds: kill -9 mid-approval', {
      requests: t.requests,
      serverErrors: t.serverErrors,
      keysDelivered: mailedKeys.length,
      duplicates: extra,
      emailsSent: h.mail.received.length,
      emailsLost: ids.filter((id) => deliveryMails(h.mail.received, id).length === 0).length,
    });
    process.stdout.write(
      `  [holds on ${DRIVER}] kill -9 fell after ${approvedBeforeKill} of 10 approvals were answered\n`,
    );
    expect(t.errors).toEqual([]);
  });
});

describe(`a dispute racing the approval of a held order (Stripe), on ${DRIVER}`, () => {
  const store = storeForBlock({ stripe: true });

  it('never mails keys the dispute revoked: the approval loses, or its e-mail went out before the dispute, or is withheld', async () => {
    const { h, t } = store;
    const admin = await t.adminAuth();
    const stock = freshKeys(10);
    expect((await t.importKeys(admin, STANDARD, stock)).status).toBe(200);
    const webhook = (event: { payload: string; signature: string }) =>
      t.call('POST', '/api/payments/webhook', {
        body: event.payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      });

    // Ten orders from disposable addresses, paid through Stripe: each held, one key reserved.
    const orders: { orderId: string; intentId: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const created = await t.createIntent(`disputed-${i}-${Date.now()}@mailinator.com`);
      expect(created.status).toBe(201);
      const intent = created.body as Intent;
      const intentId = intent.clientSecret.split('_secret_')[0]!;
      const paid = await webhook(h.stripe!.event('payment_intent.succeeded', h.stripe!.succeeded(intentId)));
      expect(paid.status).toBe(200);
      orders.push({ orderId: intent.orderId, intentId });
    }
    const ids = orders.map((o) => o.orderId);
    const inList = `(${ids.map(() => '?').join(',')})`;
    const held = await h.db.query<{ status: string }>(`SELECT status FROM orders WHERE id IN ${inList}`, ids);
    expect(held.map((o) => o.status)).toEqual(Array(10).fill('on_hold'));

    // Staff approve each order while the cardholder's bank opens a dispute on it, at the same moment.
    const answers = await Promise.all(
      orders.map(({ orderId, intentId }) =>
        Promise.all([
          t.call('POST', `/api/admin/orders/${orderId}/review`, {
            json: { decision: 'approve' },
            headers: { authorization: admin },
          }),
          webhook(h.stripe!.event('charge.dispute.created', h.stripe!.dispute(intentId))),
        ]),
      ),
    );
    for (const [approval, dispute] of answers) {
      expect(dispute.status).toBe(200);
      // Approved first (200), or refused because the dispute came first (409): never a 5xx.
      expect([200, 409]).toContain(approval.status);
    }

    // Every order ends disputed. An approval that lost the race sent nothing and its reserved key went back
    // to stock; one that won had its e-mail sent before the dispute was recorded (the outbox reads the
    // order just before each send: allowing the send's own few milliseconds) or withheld.
    await outboxSettled(h.db);
    const rows = await h.db.query<{
      id: string;
      paymentStatus: string;
      disputedAt: unknown;
      sentAt: unknown;
      mailStatus: string | null;
    }>(
      'SELECT o.id, o.paymentStatus, d.createdAt AS disputedAt, m.sentAt, m.status AS mailStatus FROM orders o ' +
        'JOIN disputes d ON d.orderId = o.id ' +
        "LEFT JOIN mail_outbox m ON m.orderId = o.id AND m.kind = 'order-delivery' " +
        `WHERE o.id IN ${inList}`,
      ids,
    );
    expect(rows).toHaveLength(10);
    const time = (value: unknown) =>
      value instanceof Date ? value.getTime() : Date.parse(`${String(value).replace(' ', 'T')}Z`);
    const approvedIds = new Set(orders.filter((_, i) => answers[i]![0].status === 200).map((o) => o.orderId));
    let mailedBeforeDispute = 0;
    let withheld = 0;
    for (const row of rows) {
      expect(row.paymentStatus).toBe('disputed');
      if (!approvedIds.has(row.id)) {
        expect({ id: row.id, mail: row.mailStatus }).toEqual({ id: row.id, mail: null });
      } else if (row.mailStatus === 'sent') {
        expect(time(row.sentAt)).toBeLessThanOrEqual(time(row.disputedAt) + 1_000);
        mailedBeforeDispute++;
      } else {
        expect({ id: row.id, mail: row.mailStatus }).toEqual({ id: row.id, mail: 'withheld' });
        withheld++;
      }
    }
    // No working key is left with a disputed order: revoked once delivered, back in stock while held.
    const working = await h.db.query(
      `SELECT id FROM license_keys WHERE orderId IN ${inList} AND status = 'active'`,
      ids,
    );
    expect(working).toHaveLength(0);
    const inStock = await h.db.query<{ n: unknown }>(
      "SELECT COUNT(*) AS n FROM license_keys WHERE orderId IS NULL AND status = 'active'",
    );
    expect(num(inStock[0]!.n)).toBe(10 - approvedIds.size);
    // And every key a customer received was mailed before its dispute (checked above): none after.
    const mailed = ids.flatMap((id) => deliveryMails(h.mail.received, id).flatMap((mail) => keysIn(mail)));
    expect(mailed).toHaveLength(mailedBeforeDispute);

    recordFigures('holds: dispute racing approval', {
      requests: t.requests,
      serverErrors: t.serverErrors,
      keysDelivered: mailed.length,
      duplicates: 0,
      emailsSent: h.mail.received.length,
      emailsLost: 0,
    });
    process.stdout.write(
      `  [holds on ${DRIVER}] ${answers.filter(([a]) => a.status === 200).length} approvals won the race; ` +
        `${mailedBeforeDispute} mailed before their dispute, ${withheld} withheld\n`,
    );
    expect(t.errors).toEqual([]);
  });
});
