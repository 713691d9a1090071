import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { MoreThan } from 'typeorm';
import { CHALLENGE_NEEDED, SOLUTION_REFUSED } from '../src/challenge/challenge.service.js';
import { deriveKey } from '../src/common/secret-box.js';
import { DEV_DEFAULTS } from '../src/config/app-config.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { Message } from '../src/messages/entities/message.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { createIntent, shopperAddress } from './support/checkout.js';
import { describeWithRedis, dropKeys, TEST_REDIS_URL, testKeyPrefix } from './support/redis.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

/** Challenges a test solves at once: one PBKDF2 iteration a try, at most 64 tries. */
const CHEAP_CHALLENGES = { CHALLENGE_COST: '1', CHALLENGE_MAX_COUNTER: '64' };

const CONTACT = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  subject: 'Ceiling test',
  message: 'Is the Mac edition included?',
};

/** The widget's payload for a solved challenge: base64 of {challenge, solution}. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey: pbkdf2 });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function solvedChallenge(t: TestApp): Promise<string> {
  const res = await t.http().get('/api/challenge').set('x-forwarded-for', shopperAddress()).expect(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return solve(res.body as Challenge);
}

const postContact = (t: TestApp, altcha?: string) => {
  const req = t.http().post('/api/contact').set('x-forwarded-for', shopperAddress());
  if (altcha !== undefined) req.set('X-Altcha', altcha);
  return req.send(CONTACT);
};

const expectChallengeRequired = (res: { body: unknown }, message: string) =>
  expect(res.body).toMatchObject({
    statusCode: 428,
    error: 'Precondition Required',
    message,
    challengeRequired: true,
  });

describe(`store-wide ceilings on anonymous writes, and the challenge past them (${DRIVER})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      TRUST_PROXY: 'loopback',
      ...CHEAP_CHALLENGES,
      CEILING_CONTACT_PER_MINUTE: '2',
      CEILING_ACCESS_LINKS_PER_MINUTE: '1',
      CEILING_CHECKOUTS_PER_MINUTE: '1',
    });
  });
  afterAll(() => t?.close());

  const count = (entity: typeof Message | typeof Order) => t.db.getRepository(entity).count();

  it('takes contact posts from new addresses up to the ceiling, then asks for a challenge, taken once', async () => {
    const before = await count(Message);
    for (let i = 0; i < 2; i++) {
      const res = await postContact(t).expect(201);
      // No sequential id: it would tell how many messages the store has.
      expect(res.body).toEqual({ received: true });
    }
    const refused = await postContact(t).expect(428);
    expectChallengeRequired(refused, CHALLENGE_NEEDED);
    expect(await count(Message)).toBe(before + 2);

    const payload = await solvedChallenge(t);
    expect((await postContact(t, payload).expect(201)).body).toEqual({ received: true });
    expect(await count(Message)).toBe(before + 3);
    // The same solution again, from another address: refused.
    expectChallengeRequired(await postContact(t, payload).expect(428), SOLUTION_REFUSED);
    expect(await count(Message)).toBe(before + 3);
  });

  it('refuses forged, altered, expired and foreign solutions with a 428 that says so', async () => {
    const challenge = (await t.http().get('/api/challenge').expect(200)).body as Challenge;
    const genuine = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString('utf8')) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const ownSecret = deriveKey(DEV_DEFAULTS.licenseKeySecret, 'altcha/challenge').toString('hex');
    const ownKeySecret = deriveKey(DEV_DEFAULTS.licenseKeySecret, 'altcha/key').toString('hex');
    const signed = (expiresAt: Date, secret = ownSecret, keySecret = ownKeySecret) =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 1,
        counter: 10,
        deriveKey: pbkdf2,
        expiresAt,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
      });
    const forgeries = {
      'not base64 JSON': 'not-a-payload',
      'the widget’s test payload': encode({ challenge: null, solution: null, test: true }),
      'a wrong answer': encode({
        ...genuine,
        solution: { ...genuine.solution, counter: 0, derivedKey: '00' },
      }),
      'easier parameters': encode({
        ...genuine,
        challenge: { ...genuine.challenge, parameters: { ...genuine.challenge.parameters, cost: 0 } },
      }),
      'no signature': encode({ ...genuine, challenge: { parameters: genuine.challenge.parameters } }),
      'signed by another store': await solve(await signed(new Date(Date.now() + 60_000), 'x'.repeat(64))),
      expired: await solve(await signed(new Date(Date.now() - 1_000))),
    };
    const before = await count(Message);
    for (const [what, payload] of Object.entries(forgeries)) {
      const res = await postContact(t, payload);
      expect({ what, status: res.status }).toEqual({ what, status: 428 });
      expectChallengeRequired(res, SOLUTION_REFUSED);
    }
    expect(await count(Message)).toBe(before);
    // The genuine solution was not used up by the forgeries made from it.
    await postContact(t, encode(genuine)).expect(201);
  });

  it('asks the same of access-link requests, sending no e-mail without a solution', async () => {
    const link = (altcha?: string) => {
      const req = t.http().post('/api/account/link').set('x-forwarded-for', shopperAddress());
      if (altcha) req.set('X-Altcha', altcha);
      return req.send({ email: 'nobody-ceiling@example.com' });
    };
    await link().expect(202);
    // The outbox may drop the first request's message (an address without orders) at any moment, so the
    // check is that no message was queued after it, not a count of the rows.
    const mailsQueuedAfter = async (id: number) =>
      t.db.getRepository(OutboxEmail).countBy({ id: MoreThan(id) });
    const newest = await t.db.getRepository(OutboxEmail).maximum('id');
    expectChallengeRequired(await link().expect(428), CHALLENGE_NEEDED);
    expect(await mailsQueuedAfter(newest ?? 0)).toBe(0);
    const payload = await solvedChallenge(t);
    await link(payload).expect(202);
    expectChallengeRequired(await link(payload).expect(428), SOLUTION_REFUSED);
  });

  it('asks the same of checkouts, creating no order without a solution', async () => {
    await createIntent(t).expect(201);
    const orders = await count(Order);
    expectChallengeRequired(await createIntent(t).expect(428), CHALLENGE_NEEDED);
    expect(await count(Order)).toBe(orders);
    const payload = await solvedChallenge(t);
    await createIntent(t, {}, { 'X-Altcha': payload }).expect(201);
    expect(await count(Order)).toBe(orders + 1);
    expectChallengeRequired(await createIntent(t, {}, { 'X-Altcha': payload }).expect(428), SOLUTION_REFUSED);
  });

  it('documents the challenge, the header and the 428 in Swagger', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    expect(doc.paths['/api/challenge'].get.responses['200']).toBeDefined();
    for (const path of ['/api/contact', '/api/account/link', '/api/create-payment-intent']) {
      const operation = doc.paths[path].post;
      expect(operation.responses['428']).toBeDefined();
      expect(operation.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'X-Altcha', in: 'header' })]),
      );
    }
  });
});

describeWithRedis(`the ceilings and used solutions shared by several processes (${DRIVER})`, () => {
  const prefix = testKeyPrefix('ceilings');
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env = {
      TRUST_PROXY: 'loopback',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      ...CHEAP_CHALLENGES,
      CEILING_CONTACT_PER_MINUTE: '2',
    };
    a = await startTestApp(env);
    b = await startTestApp(env);
    // Two apps: on MariaDB under CI's lanes their start passed 30 s (the limit only catches a hang).
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropKeys(prefix);
  });

  it('counts one ceiling for the store and takes a solution once in whichever process', async () => {
    await postContact(a).expect(201);
    await postContact(b).expect(201);
    expectChallengeRequired(await postContact(a).expect(428), CHALLENGE_NEEDED);
    expectChallengeRequired(await postContact(b).expect(428), CHALLENGE_NEEDED);
    const payload = await solvedChallenge(a);
    await postContact(b, payload).expect(201);
    expectChallengeRequired(await postContact(a, payload).expect(428), SOLUTION_REFUSED);
  });
});
