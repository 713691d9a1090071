import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { OutboxService } from '../src/emails/outbox.service.js';
import { CONSENT_STATEMENTS } from '../src/orders/consents.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { BILLING, createIntent, STANDARD, type Intent, GERMANY } from './support/checkout.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import { problems } from './support/problems.js';
import { ViesStandIn } from './support/vies-stand-in.js';

const UK = { ...BILLING, country: 'GB', city: 'Leeds', zipCode: 'LS1 4AP', phoneCountryCode: '+44' };
const US = { ...BILLING, country: 'US', city: 'Boston', zipCode: '02108', phoneCountryCode: '+1' };
const BOTH = { immediateDelivery: true, withdrawalRightLoss: true };
const NO_IMMEDIATE_DELIVERY =
  'Buyers billed in the EU or the UK must consent to immediate delivery (consents.immediateDelivery)';
const NO_WITHDRAWAL_LOSS =
  'Buyers billed in the EU or the UK must acknowledge that they lose the right of withdrawal (consents.withdrawalRightLoss)';

/**
 * The Consumer Rights Directive's Art 16(m) statements (issue #19 §4): a buyer billed in the EU or the UK
 * consents to immediate delivery and acknowledges losing the right of withdrawal before the order exists;
 * the order keeps when, and the delivery e-mail confirms them.
 */
describe(`checkout consents on ${DRIVER}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  const orders = () => t.db.getRepository(Order);
  const order = (intent: Intent) => orders().findOneByOrFail({ id: intent.orderId });
  const open = async (body: Record<string, unknown>) =>
    (await createIntent(t, body).expect(201)).body as Intent;
  const deliveryEmail = async (orderId: string) => {
    const email = await t.db.getRepository(OutboxEmail).findOneByOrFail({ orderId, kind: 'order-delivery' });
    return t.app.get(OutboxService).read(email.id);
  };

  it('refuses a buyer billed in the EU or the UK without both statements, naming each missing one', async () => {
    const before = await orders().count();
    for (const billing of [GERMANY, UK]) {
      for (const [consents, missing] of [
        [undefined, [NO_IMMEDIATE_DELIVERY, NO_WITHDRAWAL_LOSS]],
        [{}, [NO_IMMEDIATE_DELIVERY, NO_WITHDRAWAL_LOSS]],
        [{ immediateDelivery: true }, [NO_WITHDRAWAL_LOSS]],
        [{ immediateDelivery: true, withdrawalRightLoss: false }, [NO_WITHDRAWAL_LOSS]],
        [{ withdrawalRightLoss: true }, [NO_IMMEDIATE_DELIVERY]],
      ] as const) {
        const res = await createIntent(t, { billing, ...(consents && { consents }) }).expect(400);
        expect(res.body).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: missing.join('; '),
          errors: missing.map((message) => ({ message })),
          requestId: expect.any(String),
        });
      }
    }
    // Nothing was created: no order, no payment.
    expect(await orders().count()).toBe(before);
  });

  it('refuses statements that are not true or false, and statements it does not know', async () => {
    const bad = await createIntent(t, {
      billing: US,
      consents: { immediateDelivery: 'yes', withdrawalRightLoss: 1 },
    }).expect(400);
    expect(problems(bad.body)).toEqual([
      'consents.immediateDelivery must be true or false',
      'consents.withdrawalRightLoss must be true or false',
    ]);
    const unknown = await createIntent(t, { billing: US, consents: { ...BOTH, marketing: true } }).expect(
      400,
    );
    expect(problems(unknown.body)).toEqual(['property marketing should not exist']);
    const notObject = await createIntent(t, { billing: US, consents: true }).expect(400);
    expect(problems(notObject.body)).toEqual(['consents must be an object']);
  });

  it('stores both statements with the time they were given', async () => {
    const before = Date.now();
    const intent = await open({ billing: GERMANY, consents: BOTH });
    const stored = await order(intent);
    expect(stored.billingCountry).toBe('DE');
    for (const at of [stored.consentImmediateDeliveryAt, stored.consentWithdrawalRightLossAt]) {
      expect(at).toBeInstanceOf(Date);
      expect(at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(at!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('takes every EU member state and the UK, each with its phone code', async () => {
    for (const [country, phoneCountryCode] of [
      ['GR', '+30'],
      ['HU', '+36'],
      ['MT', '+356'],
      ['GB', '+44'],
    ]) {
      await createIntent(t, { billing: { ...BILLING, country, phoneCountryCode } }).expect(400);
      await createIntent(t, { billing: { ...BILLING, country, phoneCountryCode }, consents: BOTH }).expect(
        201,
      );
    }
  });

  it('takes buyers elsewhere without the statements, and keeps the ones they give', async () => {
    for (const billing of [US, BILLING]) {
      const without = await order(await open({ billing }));
      expect(without.consentImmediateDeliveryAt).toBeNull();
      expect(without.consentWithdrawalRightLossAt).toBeNull();
    }
    const one = await order(await open({ billing: US, consents: { immediateDelivery: true } }));
    expect(one.consentImmediateDeliveryAt).toBeInstanceOf(Date);
    expect(one.consentWithdrawalRightLossAt).toBeNull();
  });

  it('confirms the statements and their time in the delivery e-mail', async () => {
    const intent = await open({ billing: GERMANY, consents: BOTH });
    await t
      .http()
      .post('/api/payments/demo/confirm')
      .send({ orderId: intent.orderId, clientSecret: intent.clientSecret })
      .expect(200);
    const stored = await order(intent);
    expect(stored.status).toBe('fulfilled');
    const given = `${stored.consentImmediateDeliveryAt!.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
    const mail = await deliveryEmail(intent.orderId);
    expect(mail.text).toContain('Your statements at checkout');
    expect(mail.text).toContain(`"${CONSENT_STATEMENTS.immediateDelivery}" (given ${given})`);
    expect(mail.text).toContain(`"${CONSENT_STATEMENTS.withdrawalRightLoss}" (given ${given})`);

    // A buyer who gave none is confirmed none.
    const us = await open({ billing: US });
    await t
      .http()
      .post('/api/payments/demo/confirm')
      .send({ orderId: us.orderId, clientSecret: us.clientSecret })
      .expect(200);
    expect((await deliveryEmail(us.orderId)).text).not.toContain('Your statements at checkout');
  });

  it('gives a replacing checkout its own statements, and leaves the replaced order alone when refused', async () => {
    const first = await open({ billing: GERMANY, consents: BOTH });
    const replacing = { replacesOrder: { orderId: first.orderId, clientSecret: first.clientSecret } };

    // Refused before anything else: the order it would replace stays open.
    await createIntent(t, {
      billing: GERMANY,
      cartItems: [{ id: STANDARD, quantity: 2 }],
      ...replacing,
    }).expect(400);
    expect((await order(first)).status).toBe('processing');

    const second = await open({
      billing: GERMANY,
      cartItems: [{ id: STANDARD, quantity: 2 }],
      consents: BOTH,
      ...replacing,
    });
    const [old, current] = [await order(first), await order(second)];
    expect(old.status).toBe('cancelled');
    expect(current.consentImmediateDeliveryAt!.getTime()).toBeGreaterThanOrEqual(
      old.consentImmediateDeliveryAt!.getTime(),
    );
    expect(current.consentWithdrawalRightLossAt).toEqual(current.consentImmediateDeliveryAt);

    // Billing moved out of the EU, statements withdrawn: the new order has none.
    const third = await open({
      billing: US,
      replacesOrder: { orderId: second.orderId, clientSecret: second.clientSecret },
    });
    expect((await order(second)).status).toBe('cancelled');
    expect(await order(third)).toMatchObject({
      consentImmediateDeliveryAt: null,
      consentWithdrawalRightLossAt: null,
    });
  });

  it('answers the same order to the same request, and refuses the key with other statements', async () => {
    const key = { 'Idempotency-Key': `consents-${Date.now()}` };
    const body = { billing: US, consents: { immediateDelivery: true } };
    const first = (await createIntent(t, body, key).expect(201)).body as Intent;
    const again = (await createIntent(t, body, key).expect(201)).body as Intent;
    expect(again.orderId).toBe(first.orderId);
    const changed = await createIntent(t, { ...body, consents: BOTH }, key).expect(409);
    expect(changed.body.message).toBe('This Idempotency-Key was already used for a different request');
    expect((await order(first)).consentWithdrawalRightLossAt).toBeNull();
  });
});

/**
 * The right of withdrawal is a consumer's (#34): a business whose VAT number VIES confirmed is not asked for
 * the statements; a consumer still is, and so is a business whose number VIES could not confirm or holds
 * for another company.
 */
describe(`checkout consents of business buyers on ${DRIVER}`, () => {
  const FRENCH_BUSINESS = {
    ...BILLING,
    country: 'FR',
    city: 'Paris',
    zipCode: '75002',
    phoneCountryCode: '+33',
    company: 'Acme SARL',
    vatNumber: 'FR40303265045',
  };
  /** Valid in format; the stand-in answers MS_UNAVAILABLE for it. */
  const STATE_UNAVAILABLE = 'FR96552100554';
  let t: TestApp;
  let vies: ViesStandIn;

  beforeAll(async () => {
    vies = await ViesStandIn.start({
      registered: { FR40303265045: { name: 'ACME S.A.R.L.' } },
      unavailable: [STATE_UNAVAILABLE],
    });
    t = await startTestApp({ TRUST_PROXY: 'loopback', TAX_MODE: 'exclusive', ...vies.env() });
  });
  afterAll(async () => {
    await t.close();
    await vies.close();
  });

  const order = (intent: Intent) => t.db.getRepository(Order).findOneByOrFail({ id: intent.orderId });

  it('takes a business whose VAT number VIES confirmed without the statements, and records none', async () => {
    const res = await createIntent(t, { billing: FRENCH_BUSINESS });
    expect([res.status, res.status === 201 ? null : res.body]).toEqual([201, null]);
    expect(res.body).toMatchObject({ vatNumberStatus: 'verified', companyNameMismatch: false });
    expect(await order(res.body as Intent)).toMatchObject({
      vatNumberStatus: 'verified',
      consentImmediateDeliveryAt: null,
      consentWithdrawalRightLossAt: null,
    });
  });

  it('still asks a consumer, a business whose number is not confirmed and one registered to another company', async () => {
    const before = await t.db.getRepository(Order).count();
    for (const billing of [
      { ...FRENCH_BUSINESS, company: undefined, vatNumber: undefined },
      { ...FRENCH_BUSINESS, vatNumber: STATE_UNAVAILABLE },
      { ...FRENCH_BUSINESS, company: 'Consumer Shopping Ltd' },
    ]) {
      const res = await createIntent(t, { billing }).expect(400);
      expect([billing.vatNumber, problems(res.body)]).toEqual([
        billing.vatNumber,
        [NO_IMMEDIATE_DELIVERY, NO_WITHDRAWAL_LOSS],
      ]);
    }
    expect(await t.db.getRepository(Order).count()).toBe(before);
    const withBoth = await createIntent(t, {
      billing: { ...FRENCH_BUSINESS, vatNumber: STATE_UNAVAILABLE },
      consents: BOTH,
    }).expect(201);
    expect(withBoth.body).toMatchObject({ vatNumberStatus: 'unverified' });
  });
});
