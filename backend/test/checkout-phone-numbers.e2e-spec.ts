import { INVALID_PHONE_NUMBERS, PHONE_NUMBERS } from '@store/testing';
import { Order } from '../src/orders/entities/order.entity.js';
import { WITHDRAWAL_RIGHT_COUNTRIES } from '../src/checkout/countries.js';
import { BILLING, CONSENTS, createIntent, type Intent } from './support/checkout.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import { problems } from './support/problems.js';

const INVALID = 'Please enter a valid phone number';

/**
 * Phone numbers are checked with each country's numbering plan (libphonenumber), not one pattern for every
 * country (#34): a Spanish mobile, every Danish number and German landlines have 8 to 11 digits.
 */
describe(`checkout phone numbers on ${DRIVER}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  const billedIn = (country: string, phoneCountryCode: string, phone: string) => ({
    billing: { ...BILLING, country, phoneCountryCode, phone },
    ...(WITHDRAWAL_RIGHT_COUNTRIES.includes(country) ? { consents: CONSENTS } : {}),
  });
  const stored = async (body: Record<string, unknown>) => {
    const res = await createIntent(t, body);
    expect([res.status, res.status === 201 ? null : res.body]).toEqual([201, null]);
    const order = await t.db.getRepository(Order).findOneByOrFail({ id: (res.body as Intent).orderId });
    return [order.billingPhoneCountryCode, order.billingPhone];
  };

  // One test per country: the 35 countries' 140 checkouts in one test ran past Jest's 30 s on a busy machine.
  it.each(PHONE_NUMBERS.map((entry) => [entry.country, entry] as const))(
    'takes real numbers of %s, national or with a leading +, and stores E.164',
    async (_, { country, phoneKey, numbers }) => {
      for (const [national, e164] of numbers) {
        expect([country, await stored(billedIn(country, phoneKey, national))]).toEqual([
          country,
          [phoneKey, e164],
        ]);
        const international = `${phoneKey} ${e164.slice(phoneKey.length)}`;
        expect([international, await stored(billedIn(country, phoneKey, international))]).toEqual([
          international,
          [phoneKey, e164],
        ]);
      }
    },
  );

  it('takes the numbers the one rule refused: 8 and 9 digits, and +34', async () => {
    expect(await stored(billedIn('ES', '+34', '612345678'))).toEqual(['+34', '+34612345678']);
    expect(await stored(billedIn('ES', '+34', '+34 612 345 678'))).toEqual(['+34', '+34612345678']);
    expect(await stored(billedIn('DK', '+45', '32123456'))).toEqual(['+45', '+4532123456']);
    expect(await stored(billedIn('DE', '+49', '030 123456'))).toEqual(['+49', '+4930123456']);
  });

  it("keeps a + number's own country code, whichever code was chosen beside it", async () => {
    expect(await stored(billedIn('DE', '+49', '+33 6 12 34 56 78'))).toEqual(['+33', '+33612345678']);
    expect(await stored(billedIn('DE', '+49', '+41 44 668 18 00'))).toEqual(['+41', '+41446681800']);
  });

  it('reads a national number in the country of the chosen code when it is not the billing country', async () => {
    // Billed in Germany with a French mobile; a Canadian number with +1 for a buyer billed in the US.
    expect(await stored(billedIn('DE', '+33', '06 12 34 56 78'))).toEqual(['+33', '+33612345678']);
    expect(await stored(billedIn('US', '+1', '(416) 555-0199'))).toEqual(['+1', '+14165550199']);
  });

  it("refuses numbers no country's plan has, with the spec's message, and writes no order", async () => {
    const before = await t.db.getRepository(Order).count();
    for (const [country, phoneKey, phone] of INVALID_PHONE_NUMBERS) {
      const res = await createIntent(t, billedIn(country, phoneKey, phone));
      expect([phone, res.status, problems(res.body)]).toEqual([phone, 400, [INVALID]]);
    }
    // A Spanish mobile read as a Danish number: the numbers belong to their country's plan.
    const res = await createIntent(t, billedIn('DK', '+45', '612 345 678')).expect(400);
    expect(problems(res.body)).toEqual([INVALID]);
    expect(await t.db.getRepository(Order).count()).toBe(before);
  });

  it('names only the phone code when the code is unknown, and only the number when it is required', async () => {
    const unknownCode = await createIntent(t, billedIn('IN', '+999', '98765 43210')).expect(400);
    expect(problems(unknownCode.body)).toEqual(['Please select country code']);
    const empty = await createIntent(t, billedIn('IN', '+91', '  ')).expect(400);
    expect(problems(empty.body)).toEqual(['Phone number is required']);
  });
});
