import { StaffMember } from '../src/staff/entities/staff-member.entity.js';
import { hashPassword } from '../src/staff/passwords.js';
import { SIGN_IN_LIMITS } from '../src/auth/sign-in-limiter.js';
import { UNKNOWN_ACCOUNT } from '../src/auth/auth.service.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

const { perAddress } = SIGN_IN_LIMITS;
const { freeFailures } = SIGN_IN_LIMITS.perAccount.password;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe(`staff sign-in limits: spraying, one account from many addresses, the audit trail (${DRIVER})`, () => {
  let t: TestApp;
  let admin: string;
  let addressCounter = 0;
  /** A client address no other test uses (the app trusts one proxy hop). */
  const freshAddress = () => `10.44.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, address: string) =>
    t.http().post('/api/admin/login').set('x-forwarded-for', address).send({ username, password });

  const createUser = async (username: string, password = `${username}-correct-password`) => {
    await t.db
      .getRepository(StaffMember)
      .save({ username, passwordHash: await hashPassword(password), role: 'support' });
    return password;
  };

  it('refuses password spraying from one address once it has failed the per-address limit', async () => {
    const address = freshAddress();
    const usernames = Array.from({ length: 12 }, (_, i) => `spray-target-${i}`);
    for (const username of usernames.slice(0, 3)) await createUser(username);
    // The attack: 60 attempts across 12 usernames, five each (under the per-username limit).
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++)
      for (const username of usernames)
        statuses.push((await login(username, `Summer2026!-${round}`, address)).status);
    expect(statuses.slice(0, perAddress.failures)).toEqual(Array(perAddress.failures).fill(401));
    expect(statuses.slice(perAddress.failures)).toEqual(Array(60 - perAddress.failures).fill(429));

    // Even the right password of an account not tried yet is refused from there.
    const outsider = await createUser('spray-outsider');
    const refused = await login('spray-outsider', outsider, address).expect(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(
        /^Too many failed sign-in attempts from this address\. Please try again in \d+ seconds\.$/,
      ),
      requestId: expect.any(String),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(perAddress.windowMs / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(perAddress.windowMs / 1000);
    // Another address is not affected, and the sprayed accounts are not locked.
    await login('spray-target-0', 'spray-target-0-correct-password', freshAddress()).expect(200);
  });

  it('counts an IPv6 client by its /64, which one subscriber holds whole', async () => {
    // Each attempt from another address of the same /64 network, across usernames.
    const statuses: number[] = [];
    for (let i = 0; i <= perAddress.failures; i++)
      statuses.push(
        (await login(`v6-target-${i}`, 'Summer2026!', `2001:db8:6:64::${i.toString(16)}`)).status,
      );
    expect(statuses).toEqual([...Array(perAddress.failures).fill(401), 429]);
    await login('v6-target-0', 'Summer2026!', '2001:0db8:0006:0064:ffff:1:2:3').expect(429);
    // The next /64 is another subscriber.
    await login('v6-target-0', 'Summer2026!', '2001:db8:6:65::1').expect(401);
  });

  it('counts an IPv6 client by its /64 in the per-address-and-username limit too', async () => {
    for (let i = 1; i <= 5; i++) await login('v6-same', 'Summer2026!', `2001:db8:7:64::${i}`).expect(401);
    await login('v6-same', 'Summer2026!', '2001:db8:7:64::6').expect(429);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address it is', async () => {
    for (let i = 0; i < perAddress.failures; i++)
      await login(`v4-target-${i}`, 'Summer2026!', '10.46.0.1').expect(401);
    await login('v4-target-x', 'Summer2026!', '::ffff:10.46.0.1').expect(429);
  });

  it('counts only failures per address: an office where many staff sign in is never refused', async () => {
    const address = freshAddress();
    const staff = Array.from({ length: 6 }, (_, i) => `office-${i}`);
    const passwords = await Promise.all(staff.map((username) => createUser(username)));
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++)
      for (const [i, username] of staff.entries())
        statuses.push((await login(username, passwords[i]!, address)).status);
    expect(statuses.length).toBeGreaterThan(perAddress.failures);
    expect(statuses).toEqual(Array(statuses.length).fill(200));
  });

  it('makes one account attacked from many addresses wait a growing delay, then lets the right password in', async () => {
    const password = await createUser('many-addresses');
    for (let i = 0; i < freeFailures; i++)
      await login('many-addresses', `wrong-password-${i}`, freshAddress()).expect(401);

    // Past the free failures, each further attempt waits: from any address, even with the right password.
    const first = await login('many-addresses', password, freshAddress()).expect(429);
    expect(first.body.message).toBe(
      'Too many failed sign-in attempts for this account. Please try again in 1 second.',
    );
    expect(first.headers['retry-after']).toBe('1');
    await sleep(1100);
    await login('many-addresses', 'wrong-again', freshAddress()).expect(401);
    // The delay doubles with each further failure (and refused attempts do not count).
    const second = await login('many-addresses', 'wrong-again', freshAddress()).expect(429);
    expect(second.headers['retry-after']).toBe('2');
    await login('many-addresses', 'wrong-again', freshAddress()).expect(429);
    await sleep(2100);
    // A back-off, not a lock-out: once the delay has passed, the right password signs in ...
    const ok = await login('many-addresses', password, freshAddress()).expect(200);
    expect(ok.body.success).toBe(true);
    // ... and clears the account's count.
    await login('many-addresses', 'wrong-once-more', freshAddress()).expect(401);
    await login('many-addresses', password, freshAddress()).expect(200);
  });

  it('lets staff in from an address they signed in from while their account is backing off', async () => {
    const password = await createUser('usual-desk');
    const desk = freshAddress();
    await login('usual-desk', password, desk).expect(200);
    for (let i = 0; i < freeFailures; i++)
      await login('usual-desk', `attacker-guess-${i}`, freshAddress()).expect(401);
    await login('usual-desk', password, freshAddress()).expect(429);
    await login('usual-desk', password, desk).expect(200);
  });

  it('does not let a burst of simultaneous guesses past the account limit', async () => {
    await createUser('burst-target');
    // The limiter's clock stands still for the burst: the back-off after the tenth failure is a second, and
    // a burst that outlasts it (sixteen password checks under CI's lanes did) rightly lets one more guess in.
    // What is checked is the in-flight count: guesses still being checked hold their place.
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now());
    const statuses = await Promise.all(
      Array.from({ length: freeFailures + 6 }, (_, i) =>
        login('burst-target', `parallel-guess-${i}`, freshAddress()).then((res) => res.status),
      ),
    ).finally(() => clock.mockRestore());
    expect(statuses.filter((s) => s === 401)).toHaveLength(freeFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('folds letter case and accents into one account budget', async () => {
    await createUser('folded');
    for (let i = 0; i < freeFailures; i++) {
      const spelling = ['folded', 'FOLDED', 'földed', 'Fólded'][i % 4]!;
      await login(spelling, `guess-${i}`, freshAddress()).expect(401);
    }
    await login('FÖLDED', 'guess-more', freshAddress()).expect(429);
  });

  it('records each sign-in and each failed attempt in the audit trail with the address and the account, never the password or a username that names no account', async () => {
    const address = freshAddress();
    const password = await createUser('audited-user');
    await login('audited-user', 'my-secret-guess-1', address).expect(401);
    // A password typed into the username field names no account: it is not kept.
    await login('My-Secret-Password-9', 'my-secret-guess-2', address).expect(401);
    await login('AUDITED-user', 'my-secret-guess-3', address).expect(401);
    await login('audited-user', password, address).expect(200);

    const res = await t
      .http()
      .get('/api/admin/audit')
      .query({ filter: JSON.stringify({ resource: 'auth' }), range: '[0,499]' })
      .set('authorization', admin)
      .expect(200);
    const mine = (res.body as { after: { address: string } }[]).filter((e) => e.after.address === address);
    const user = await t.db.getRepository(StaffMember).findOneByOrFail({ username: 'audited-user' });
    const failure = (username: string | null, resourceId: string | null) =>
      expect.objectContaining({
        action: 'auth.login-failed',
        actorId: null,
        actorUsername: username ?? UNKNOWN_ACCOUNT,
        resource: 'auth',
        resourceId,
        after: { address, username, step: 'password' },
      });
    // Newest first; the account as stored, whatever its spelling at sign-in.
    expect(mine).toEqual([
      expect.objectContaining({
        action: 'auth.login',
        actorId: user.id,
        actorUsername: 'audited-user',
        resource: 'auth',
        resourceId: String(user.id),
        after: { address, username: 'audited-user', step: 'password' },
      }),
      failure('audited-user', String(user.id)),
      failure(null, null),
      failure('audited-user', String(user.id)),
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/my-secret-guess|My-Secret-Password/i);
  });
});
