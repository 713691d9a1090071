import { JwtService } from '@nestjs/jwt';
import { SmtpSink, waitFor } from '@store/testing';
import { CUSTOMER_AUDIENCE } from '../src/account/customer-token.js';
import { ACCESS_LINK_ANSWER } from '../src/account/account.service.js';
import { JWT_AUDIENCE, JWT_ISSUER } from '../src/auth/jwt.constants.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { OutboxWorker } from '../src/emails/outbox.worker.js';
import { buyWithDemo, HOME_BUSINESS, shopperAddress } from './support/checkout.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { problems } from './support/problems.js';

describe('customer access to their licences', () => {
  let t: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: 'https://shop.example.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const requestLink = (email: unknown, ip = shopperAddress()) =>
    t.http().post('/api/account/link').set('x-forwarded-for', ip).send({ email });
  const sign = (payload: object, options: Record<string, unknown> = {}) =>
    new JwtService().sign(
      payload as Record<string, unknown>,
      Object.fromEntries(
        Object.entries({
          secret: t.config.jwtSecret,
          algorithm: 'HS256',
          issuer: JWT_ISSUER,
          audience: CUSTOMER_AUDIENCE,
          expiresIn: 600,
          ...options,
        }).filter(([, value]) => value !== null), // null drops an option (an expired token carries its own exp)
      ),
    );

  it('e-mails a link that lists the orders with keys and downloads', async () => {
    const intent = await buyWithDemo(t, [{ id: HOME_BUSINESS, quantity: 2 }], 'Owner@Example.com');
    const res = await requestLink('  OWNER@example.com ').expect(202);
    expect(res.body).toEqual({ message: ACCESS_LINK_ANSWER });

    await t.app.get(OutboxWorker).drain();
    const mail = await waitFor(() => smtp.received.find((m) => m.subject === 'Your link to your licences'));
    expect(mail.to).toEqual(['owner@example.com']);
    // Like every customer e-mail (the order's delivery e-mail too), it ends with the store's contacts and
    // support hours, in both parts.
    const delivery = await waitFor(() =>
      smtp.received.find((m) => m.to.includes('owner@example.com') && /licence keys/.test(m.subject)),
    );
    for (const body of [mail.text!, mail.html!, delivery.text!, delivery.html!])
      for (const fact of [
        t.config.store.name,
        t.config.mail.supportEmail,
        t.config.store.supportPhone,
        'Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST limited, Sun and holidays closed (automated delivery only)',
      ])
        expect(body).toContain(fact);
    const link = mail.text!.match(/https:\/\/shop\.example\.test\/account\?token=(\S+)/);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    const orders = await t
      .http()
      .get('/api/account/orders')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(orders.body).toHaveLength(1);
    const [order] = orders.body;
    expect(order).toMatchObject({
      id: intent.orderId,
      status: 'fulfilled',
      paymentStatus: 'completed',
      totalCents: 2 * 24299,
      items: [
        { productId: HOME_BUSINESS, name: 'Office 2024 Home & Business', quantity: 2, unitPriceCents: 24299 },
      ],
    });
    const stored = await t.db.getRepository(LicenseKey).findBy({ orderId: intent.orderId });
    const cipher = t.app.get(LicenseKeyCipher);
    expect(order.licenseKeys.map((k: { licenseKey: string }) => k.licenseKey).sort()).toEqual(
      stored.map((k) => cipher.decrypt(k.keyCiphertext)).sort(),
    );
    // Home & Business runs on Windows and Mac: an installer link for each.
    expect(order.downloads).toEqual(
      ['Windows', 'Mac'].map((platform) =>
        expect.objectContaining({
          productId: HOME_BUSINESS,
          platform,
          url: expect.stringMatching(/^https:\/\/shop\.example\.test\/api\/downloads\/[\w-]+$/),
          downloadCount: 0,
          maxDownloads: 5,
          isActive: true,
        }),
      ),
    );
  });

  it('answers the same for an address without orders, and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await requestLink('stranger@example.com').expect(202);
    expect(res.body).toEqual({ message: ACCESS_LINK_ANSWER });
    await t.app.get(OutboxWorker).drain();
    expect(smtp.received.slice(before).filter((m) => m.to.includes('stranger@example.com'))).toEqual([]);
  });

  it('validates the address and throttles requests', async () => {
    expect(problems((await requestLink('').expect(400)).body)).toEqual(['Email is required']);
    expect(problems((await requestLink('nope').expect(400)).body)).toEqual([
      'Please enter a valid email address',
    ]);
    for (let i = 0; i < 5; i++) await requestLink(`probe${i}@example.com`, '10.250.0.1').expect(202);
    await requestLink('probe@example.com', '10.250.0.1').expect(429);
  });

  it('refuses a missing, tampered, expired, never-expiring or staff token', async () => {
    const orders = (authorization?: string) => {
      const req = t.http().get('/api/account/orders');
      if (authorization) req.set('authorization', authorization);
      return req;
    };
    await orders().expect(401);
    const good = sign({ sub: 'owner@example.com' });
    const [header, , signature] = good.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: 'victim@example.com', aud: CUSTOMER_AUDIENCE, iss: JWT_ISSUER }),
    ).toString('base64url');
    await orders(`Bearer ${header}.${forgedPayload}.${signature}`).expect(401);
    const expired = await orders(
      `Bearer ${sign({ sub: 'owner@example.com', iat: 1_000_000, exp: 1_000_060 }, { expiresIn: null })}`,
    ).expect(401);
    expect(expired.body.message).toBe(
      'This sign-in link has expired or is not valid. Please ask for a new one.',
    );
    // Signed with the right secret but without `exp` (a leaked secret's, or a bug's): it would never expire.
    await orders(`Bearer ${sign({ sub: 'owner@example.com' }, { expiresIn: null })}`).expect(401);
    await orders(`Bearer ${sign({ sub: 'owner@example.com' }, { audience: JWT_AUDIENCE })}`).expect(401);
    await orders(
      `Bearer ${sign({ sub: 'owner@example.com' }, { secret: 'another-secret-of-at-least-32-bytes!!' })}`,
    ).expect(401);
    expect((await orders(`Bearer ${good}`).expect(200)).body).toHaveLength(1);
  });

  it('is not a staff token: the back office refuses it', async () => {
    await t
      .http()
      .get('/api/admin/orders')
      .set('authorization', `Bearer ${sign({ sub: 'owner@example.com' })}`)
      .expect(401);
  });
});
