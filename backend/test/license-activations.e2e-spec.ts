import { LicenseActivation } from '../src/license-keys/entities/license-activation.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { generateLicenseKey, LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { LICENSE_REQUESTS_PER_MINUTE } from '../src/license-keys/license-activations.controller.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import type { LicenseKeyStatus } from '../src/orders/order-process.js';
import { newLicenseKey } from '../src/license-keys/license-keys.js';
import { problems } from './support/problems.js';

const FORMAT_MESSAGE = 'License key must be 5 groups of 5 letters or digits';

describe('licence activation API: activate, deactivate, validate', () => {
  let t: TestApp;
  let cipher: LicenseKeyCipher;

  beforeAll(async () => {
    // Behind a proxy the client address comes from X-Forwarded-For: each request below gets its own
    // address unless a test pins one, so only the throttling test meets the limit.
    t = await startTestApp({ TRUST_PROXY: 'loopback', SEED_DEMO_KEYS: 'false' });
    // Listening first lets supertest send many requests at once to the same server.
    await t.app.listen(0, '127.0.0.1');
    cipher = t.app.get(LicenseKeyCipher);
  });
  afterAll(() => t.close());

  let addresses = 0;
  const nextAddress = () => {
    addresses++;
    return `10.20.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };
  const post = (route: string, body: object, ip = nextAddress()) =>
    t.http().post(`/api/licenses/${route}`).set('x-forwarded-for', ip).send(body);
  const activate = (body: object, ip?: string) => post('activate', body, ip);
  const deactivate = (body: object, ip?: string) => post('deactivate', body, ip);
  const validate = (body: object, ip?: string) => post('validate', body, ip);

  /** A stored key (as the inventory or the back office would store it) and its plain text. */
  const makeKey = async (
    fields: { activationLimit?: number; status?: LicenseKeyStatus; activationCount?: number } = {},
  ) => {
    const licenseKey = generateLicenseKey();
    const keys = t.db.getRepository(LicenseKey);
    const row = await keys.save(
      keys.create(newLicenseKey(cipher, licenseKey, { productId: 'office-2024-standard', ...fields })),
    );
    return { id: row.id, licenseKey };
  };
  const stored = async (id: string) => {
    const key = await t.db.getRepository(LicenseKey).findOneByOrFail({ id });
    const instances = (await t.db.getRepository(LicenseActivation).findBy({ licenseKeyId: id }))
      .map((a) => a.instanceId)
      .sort();
    return { activationCount: key.activationCount, status: key.status, instances };
  };

  describe('POST /api/licenses/activate', () => {
    it('records the instance and answers the count and limit', async () => {
      const { id, licenseKey } = await makeKey({ activationLimit: 2 });
      const res = await activate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      expect(res.body).toEqual({ valid: true, activationCount: 1, activationLimit: 2 });
      expect(await stored(id)).toEqual({ activationCount: 1, status: 'active', instances: ['pc-1'] });
    });

    it('re-activates the same instance for free, with the count unchanged', async () => {
      const { id, licenseKey } = await makeKey({ activationLimit: 1 });
      await activate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      // Also when the limit is reached: this instance already holds its slot.
      const again = await activate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      expect(again.body).toEqual({ valid: true, activationCount: 1, activationLimit: 1 });
      expect(await stored(id)).toEqual({ activationCount: 1, status: 'active', instances: ['pc-1'] });
    });

    it('accepts the key in any case and with surrounding space, and trims the instance id', async () => {
      const { id, licenseKey } = await makeKey({ activationLimit: 2 });
      await activate({ licenseKey: `  ${licenseKey.toLowerCase()} `, instanceId: ' pc-1 ' }).expect(200);
      const res = await activate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      expect(res.body.activationCount).toBe(1);
      expect((await stored(id)).instances).toEqual(['pc-1']);
    });

    it('refuses an instance over the limit with 409 and changes nothing', async () => {
      const { id, licenseKey } = await makeKey({ activationLimit: 2 });
      await activate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      await activate({ licenseKey, instanceId: 'pc-2' }).expect(200);
      const res = await activate({ licenseKey, instanceId: 'pc-3' }).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        message:
          'This license key has reached its activation limit (2 of 2). Deactivate it on another device first.',
        error: 'Conflict',
        requestId: expect.any(String),
      });
      expect(await stored(id)).toEqual({ activationCount: 2, status: 'active', instances: ['pc-1', 'pc-2'] });
    });

    it.each([
      ['revoked', 'This license key has been revoked'],
      ['expired', 'This license key has expired'],
    ] as const)('refuses a key that is %s with 403 saying so', async (status, message) => {
      const { id, licenseKey } = await makeKey({ activationLimit: 5, status });
      const res = await activate({ licenseKey, instanceId: 'pc-1' }).expect(403);
      expect(res.body).toEqual({
        statusCode: 403,
        message,
        error: 'Forbidden',
        requestId: expect.any(String),
      });
      expect(await stored(id)).toEqual({ activationCount: 0, status, instances: [] });
    });

    it('refuses a revoked key even for an instance activated before', async () => {
      const { id, licenseKey } = await makeKey({ activationLimit: 5 });
      await activate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      await t.db.getRepository(LicenseKey).update({ id }, { status: 'revoked' });
      const res = await activate({ licenseKey, instanceId: 'pc-1' }).expect(403);
      expect(res.body.message).toBe('This license key has been revoked');
    });

    it('answers 404 for an unknown key', async () => {
      const res = await activate({ licenseKey: generateLicenseKey(), instanceId: 'pc-1' }).expect(404);
      expect(res.body).toEqual({
        statusCode: 404,
        message: 'License key not found',
        error: 'Not Found',
        requestId: expect.any(String),
      });
    });

    it('validates the body: every field, one message each', async () => {
      const { licenseKey } = await makeKey();
      const cases: [object, string[]][] = [
        [{}, ['License key is required', 'Instance ID is required']],
        [{ licenseKey: 42, instanceId: ['x'] }, ['License key is required', 'Instance ID is required']],
        [{ licenseKey: '   ', instanceId: '   ' }, ['License key is required', 'Instance ID is required']],
        [{ licenseKey: 'ABCDE-12345-FGHIJ-67890', instanceId: 'pc-1' }, [FORMAT_MESSAGE]],
        [{ licenseKey: 'ABCDE-12345-FGHIJ-67890-KLMN!', instanceId: 'pc-1' }, [FORMAT_MESSAGE]],
        [{ licenseKey: 'ABCDE12345FGHIJ67890KLMNO', instanceId: 'pc-1' }, [FORMAT_MESSAGE]],
        [{ licenseKey, instanceId: 'x'.repeat(256) }, ['Instance ID must be at most 255 characters']],
        [
          { licenseKey, instanceId: 'pc-1', activationCount: 0 },
          ['property activationCount should not exist'],
        ],
      ];
      for (const [body, messages] of cases) {
        const res = await activate(body).expect(400);
        expect(res.body).toEqual({
          statusCode: 400,
          message: messages.join('; '),
          error: 'Bad Request',
          errors: messages.map((message) => ({ field: expect.any(String), message })),
          requestId: expect.any(String),
        });
      }
      // 255 characters is allowed.
      await activate({ licenseKey, instanceId: 'x'.repeat(255) }).expect(200);
    });

    it('holds the limit under 20 concurrent activations from 20 instances: exactly 3 succeed', async () => {
      const { id, licenseKey } = await makeKey({ activationLimit: 3 });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => activate({ licenseKey, instanceId: `host-${i}` })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(17);
      const winners = results.filter((r) => r.status === 200).map((r) => r.body.activationCount);
      expect(winners.every((count) => count >= 1 && count <= 3)).toBe(true);
      const after = await stored(id);
      expect(after.activationCount).toBe(3);
      expect(after.instances).toHaveLength(3);
      const winningInstances = results
        .map((r, i) => (r.status === 200 ? `host-${i}` : null))
        .filter((name): name is string => name !== null)
        .sort();
      expect(after.instances).toEqual(winningInstances);
    });

    it('counts the same instance once when it activates concurrently with itself', async () => {
      const roomy = await makeKey({ activationLimit: 5 });
      const results = await Promise.all(
        Array.from({ length: 8 }, () => activate({ licenseKey: roomy.licenseKey, instanceId: 'twin' })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
      for (const r of results)
        expect(r.body).toEqual({ valid: true, activationCount: 1, activationLimit: 5 });
      expect(await stored(roomy.id)).toEqual({ activationCount: 1, status: 'active', instances: ['twin'] });

      // With a single slot the losers of the race are free re-activations too, not 409s.
      const single = await makeKey({ activationLimit: 1 });
      const raced = await Promise.all(
        Array.from({ length: 8 }, () => activate({ licenseKey: single.licenseKey, instanceId: 'twin' })),
      );
      expect(raced.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(await stored(single.id)).toEqual({ activationCount: 1, status: 'active', instances: ['twin'] });
    });
  });

  describe('POST /api/licenses/deactivate', () => {
    it('frees the instance so another can take the slot', async () => {
      const { id, licenseKey } = await makeKey({ activationLimit: 1 });
      await activate({ licenseKey, instanceId: 'old-pc' }).expect(200);
      await activate({ licenseKey, instanceId: 'new-pc' }).expect(409);

      const res = await deactivate({ licenseKey: licenseKey.toLowerCase(), instanceId: 'old-pc' }).expect(
        200,
      );
      expect(res.body).toEqual({ valid: true, activationCount: 0, activationLimit: 1 });
      expect(await stored(id)).toEqual({ activationCount: 0, status: 'active', instances: [] });

      const now = await activate({ licenseKey, instanceId: 'new-pc' }).expect(200);
      expect(now.body).toEqual({ valid: true, activationCount: 1, activationLimit: 1 });
      expect(await stored(id)).toEqual({ activationCount: 1, status: 'active', instances: ['new-pc'] });
    });

    it('answers 404 for an instance that is not activated, and changes nothing', async () => {
      const { id, licenseKey } = await makeKey({ activationLimit: 2 });
      await activate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      const res = await deactivate({ licenseKey, instanceId: 'pc-2' }).expect(404);
      expect(res.body).toEqual({
        statusCode: 404,
        message: 'This instance is not activated for this license key',
        error: 'Not Found',
        requestId: expect.any(String),
      });
      // Deactivating twice: the second time the instance is no longer activated.
      await deactivate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      await deactivate({ licenseKey, instanceId: 'pc-1' }).expect(404);
      expect(await stored(id)).toEqual({ activationCount: 0, status: 'active', instances: [] });
    });

    it('answers 404 for an unknown key and 400 for a malformed body', async () => {
      const unknown = await deactivate({ licenseKey: generateLicenseKey(), instanceId: 'pc-1' }).expect(404);
      expect(unknown.body.message).toBe('License key not found');
      const bad = await deactivate({ licenseKey: 'nope', instanceId: '' }).expect(400);
      expect(problems(bad.body)).toEqual([FORMAT_MESSAGE, 'Instance ID is required']);
    });

    it('never takes the count below zero', async () => {
      const { id, licenseKey } = await makeKey({ activationLimit: 2 });
      await activate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      await t.db.getRepository(LicenseKey).update({ id }, { activationCount: 0 });
      const res = await deactivate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      expect(res.body.activationCount).toBe(0);
      expect(await stored(id)).toEqual({ activationCount: 0, status: 'active', instances: [] });
    });

    it('frees an instance of a revoked key (valid: false)', async () => {
      const { id, licenseKey } = await makeKey({ activationLimit: 2 });
      await activate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      await t.db.getRepository(LicenseKey).update({ id }, { status: 'revoked' });
      const res = await deactivate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      expect(res.body).toEqual({ valid: false, activationCount: 0, activationLimit: 2 });
    });
  });

  describe('POST /api/licenses/validate', () => {
    it('describes an active key and the instance, and changes nothing', async () => {
      const { id, licenseKey } = await makeKey({ activationLimit: 3 });
      await activate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      const before = await stored(id);

      const known = await validate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      expect(known.body).toEqual({
        valid: true,
        status: 'active',
        activationCount: 1,
        activationLimit: 3,
        instanceActivated: true,
      });
      const other = await validate({ licenseKey: licenseKey.toLowerCase(), instanceId: 'pc-9' }).expect(200);
      expect(other.body.instanceActivated).toBe(false);
      const bare = await validate({ licenseKey }).expect(200);
      expect(bare.body).toEqual({ valid: true, status: 'active', activationCount: 1, activationLimit: 3 });

      expect(await stored(id)).toEqual(before);
    });

    it.each(['revoked', 'expired'] as const)('answers valid: false for a key that is %s', async (status) => {
      const { id, licenseKey } = await makeKey({ status });
      const res = await validate({ licenseKey, instanceId: 'pc-1' }).expect(200);
      expect(res.body).toEqual({
        valid: false,
        status,
        activationCount: 0,
        activationLimit: 1,
        instanceActivated: false,
      });
      expect(await stored(id)).toEqual({ activationCount: 0, status, instances: [] });
    });

    it('answers 200 {valid: false, status: "unknown"} for an unknown key', async () => {
      const counts = async () => [
        await t.db.getRepository(LicenseKey).count(),
        await t.db.getRepository(LicenseActivation).count(),
      ];
      const before = await counts();
      const res = await validate({ licenseKey: generateLicenseKey(), instanceId: 'pc-1' }).expect(200);
      expect(res.body).toEqual({ valid: false, status: 'unknown' });
      expect(await counts()).toEqual(before);
    });

    it('validates the body; the instance is optional but not blank', async () => {
      const missing = await validate({}).expect(400);
      expect(problems(missing.body)).toEqual(['License key is required']);
      const malformed = await validate({ licenseKey: 'ABCDE-12345' }).expect(400);
      expect(problems(malformed.body)).toEqual([FORMAT_MESSAGE]);
      const blank = await validate({ licenseKey: generateLicenseKey(), instanceId: ' ' }).expect(400);
      expect(problems(blank.body)).toEqual(['Instance ID is required']);
    });
  });

  it('throttles each route to 20 requests a minute per client address (429 after that)', async () => {
    expect(LICENSE_REQUESTS_PER_MINUTE).toBe(20);
    const { licenseKey } = await makeKey({ activationLimit: 1 });
    const ip = '10.99.0.1';
    for (const route of ['validate', 'activate', 'deactivate']) {
      // Each route has its own allowance: the earlier routes' requests do not count here.
      for (let i = 0; i < 20; i++) {
        const res = await post(route, { licenseKey, instanceId: 'throttled-pc' }, ip);
        expect(res.status).not.toBe(429);
      }
      const blocked = await post(route, { licenseKey, instanceId: 'throttled-pc' }, ip).expect(429);
      expect(blocked.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      // Invalid requests are refused too while blocked; another address is not affected.
      await post(route, {}, ip).expect(429);
      await post(route, { licenseKey, instanceId: 'throttled-pc' }, '10.99.0.2').expect((res) => {
        expect(res.status).not.toBe(429);
      });
    }
  });
});
