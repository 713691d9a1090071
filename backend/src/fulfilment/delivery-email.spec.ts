import { CONSENT_STATEMENTS } from '../orders/consents.js';
import { renderDeliveryEmail } from './delivery-email.js';

const base = {
  orderId: 'abcdef12-3456-7890-abcd-ef1234567890',
  customerName: 'Jane <Doe>',
  supportEmail: 'support@shop.test',
  publicUrl: 'https://shop.test',
  followUp: false,
};
const link = {
  platform: 'Windows',
  url: 'https://shop.test/api/downloads/tok_1',
  fileName: 'OfficeSetup.exe',
  expiresAt: new Date('2026-12-21T00:00:00Z'),
  maxDownloads: 5,
};

describe('renderDeliveryEmail', () => {
  it('carries every key, the download link, the steps and support in both parts', () => {
    const mail = renderDeliveryEmail({
      ...base,
      products: [
        {
          title: 'Office 2024 Home & Business',
          keys: ['AAAAA-BBBBB-CCCCC-DDDDD-EEEEE'],
          downloads: [link],
          keysToFollow: 0,
        },
      ],
    });
    expect(mail.subject).toBe('Your Office licence keys for order ABCDEF12');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('AAAAA-BBBBB-CCCCC-DDDDD-EEEEE');
      expect(part).toContain('https://shop.test/api/downloads/tok_1');
      expect(part).toContain('2026-12-21');
      expect(part).toContain('support@shop.test');
      expect(part).not.toContain('on the way');
    }
    expect(mail.text).toContain('File > Account > Activate Product');
    expect(mail.html).toContain('File &gt; Account &gt; Activate Product');
    expect(mail.html).toContain('Jane &lt;Doe&gt;');
    expect(mail.html).not.toContain('<Doe>');
    expect(mail.html).toContain('Office 2024 Home &amp; Business');
  });

  it('tells the customer when keys are still to follow', () => {
    const mail = renderDeliveryEmail({
      ...base,
      products: [{ title: 'Office 2024 Standard', keys: [], downloads: [link], keysToFollow: 2 }],
    });
    expect(mail.text).toContain('2 more licence keys are on the way');
    expect(mail.text).toContain('2 keys to follow');
  });

  it("titles a back-order's e-mail for what it is: no key inside, or only some (#34)", () => {
    const none = renderDeliveryEmail({
      ...base,
      products: [{ title: 'Office 2024 Standard', keys: [], downloads: [link], keysToFollow: 2 }],
    });
    expect(none.subject).toBe('Order ABCDEF12 confirmed: your licence keys follow within 24 hours');
    expect(none.text).toContain('Your licence keys are not in stock yet');
    expect(none.text).not.toContain('here is everything you need');
    expect(none.text).not.toContain('typically within minutes');
    const some = renderDeliveryEmail({
      ...base,
      products: [
        {
          title: 'Office 2024 Standard',
          keys: ['AAAAA-BBBBB-CCCCC-DDDDD-EEEEE'],
          downloads: [link],
          keysToFollow: 2,
        },
      ],
    });
    expect(some.subject).toBe('Order ABCDEF12 confirmed: 1 licence key inside, 2 more within 24 hours');
  });

  it('words the follow-up that delivers late keys', () => {
    const mail = renderDeliveryEmail({
      ...base,
      followUp: true,
      products: [
        {
          title: 'Office 2024 Standard',
          keys: ['ZZZZZ-YYYYY-XXXXX-WWWWW-VVVVV'],
          downloads: [link],
          keysToFollow: 0,
        },
      ],
    });
    expect(mail.subject).toBe('Your remaining licence keys for order ABCDEF12');
    expect(mail.text).toContain('The remaining licence keys for your order have arrived');
  });

  it('puts the receipt in the first e-mail: order, date, items, discount, total and how it was paid', () => {
    const mail = renderDeliveryEmail({
      ...base,
      receipt: {
        date: new Date('2026-11-21T10:00:00Z'),
        currency: 'USD',
        items: [{ name: 'Office 2024 Standard', quantity: 2, unitPriceCents: 4049 }],
        subtotalCents: 8098,
        discountCents: 810,
        couponCode: 'SAVE10',
        totalCents: 7288,
        paymentMethod: 'card',
      },
      products: [
        {
          title: 'Office 2024 Standard',
          keys: ['AAAAA-BBBBB-CCCCC-DDDDD-EEEEE'],
          downloads: [link],
          keysToFollow: 0,
        },
      ],
    });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Receipt');
      expect(part).toContain(`Order ${base.orderId}, paid 2026-11-21`);
      expect(part).toContain('Office 2024 Standard × 2 at $40.49: $80.98');
      expect(part).toContain('Subtotal: $80.98');
      expect(part).toContain('Discount (SAVE10): -$8.10');
      expect(part).toContain('Total paid: $72.88 by card');
    }
    // The steps point to the links where they are: above them.
    expect(mail.text).toContain('with the download link above');
    expect(mail.text).not.toMatch(/link below/);
    expect(mail.text.indexOf('Download for Windows (OfficeSetup.exe)')).toBeLessThan(
      mail.text.indexOf('download link above'),
    );
  });

  it('states the tax charged, with its country and rate, between the discount and the total', () => {
    const mail = renderDeliveryEmail({
      ...base,
      receipt: {
        date: new Date('2026-11-21T10:00:00Z'),
        currency: 'USD',
        items: [{ name: 'Office 2024 Standard', quantity: 1, unitPriceCents: 4049 }],
        subtotalCents: 4049,
        discountCents: 0,
        couponCode: null,
        tax: { cents: 769, rate: 19, country: 'DE', included: false },
        totalCents: 4818,
        paymentMethod: 'card',
      },
      products: [],
    });
    expect(mail.text).toMatch(/Subtotal: \$40\.49\s+VAT DE 19%: \$7\.69\s+Total paid: \$48\.18 by card/);
  });

  describe('in the order’s currency (#35)', () => {
    const receipt = (currency: 'JPY' | 'EUR', unitPriceCents: number, discountCents: number) =>
      renderDeliveryEmail({
        ...base,
        receipt: {
          date: new Date('2026-11-21T10:00:00Z'),
          currency,
          items: [{ name: 'Office 2024 Standard', quantity: 2, unitPriceCents }],
          subtotalCents: unitPriceCents * 2,
          discountCents,
          couponCode: 'SAVE10',
          totalCents: unitPriceCents * 2 - discountCents,
          paymentMethod: 'card',
        },
        products: [],
      });

    it('writes yen whole, with the yen sign', () => {
      const mail = receipt('JPY', 6000, 1200);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Office 2024 Standard × 2 at ¥6,000: ¥12,000');
        expect(part).toContain('Subtotal: ¥12,000');
        expect(part).toContain('Discount (SAVE10): -¥1,200');
        expect(part).toContain('Total paid: ¥10,800 by card');
        expect(part).not.toContain('$');
      }
    });

    it('writes euros with the euro sign and their cents', () => {
      const mail = receipt('EUR', 3799, 760);
      expect(mail.text).toContain('Office 2024 Standard × 2 at €37.99: €75.98');
      expect(mail.text).toContain('Discount (SAVE10): -€7.60');
      expect(mail.text).toContain('Total paid: €68.38 by card');
      expect(mail.text).not.toContain('$');
    });
  });

  it('leaves the receipt out when there is none (the follow-up with late keys)', () => {
    const mail = renderDeliveryEmail({
      ...base,
      followUp: true,
      products: [
        {
          title: 'Office 2024 Standard',
          keys: ['AAAAA-BBBBB-CCCCC-DDDDD-EEEEE'],
          downloads: [],
          keysToFollow: 0,
        },
      ],
    });
    expect(mail.text).not.toContain('Receipt');
    expect(mail.html).not.toContain('Receipt');
  });

  it('confirms each statement the shopper gave at checkout, in its words and with its time', () => {
    const given = new Date('2026-11-21T10:00:05.123Z');
    const mail = renderDeliveryEmail({
      ...base,
      consents: { immediateDelivery: given, withdrawalRightLoss: given },
      products: [
        {
          title: 'Office 2024 Standard',
          keys: ['AAAAA-BBBBB-CCCCC-DDDDD-EEEEE'],
          downloads: [],
          keysToFollow: 0,
        },
      ],
    });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Your statements at checkout');
      expect(part).toContain('2026-11-21 10:00:05 UTC');
    }
    expect(mail.text).toContain(`"${CONSENT_STATEMENTS.immediateDelivery}" (given 2026-11-21 10:00:05 UTC)`);
    expect(mail.text).toContain(
      `"${CONSENT_STATEMENTS.withdrawalRightLoss}" (given 2026-11-21 10:00:05 UTC)`,
    );
    expect(mail.html).toContain('&quot;I acknowledge that I lose my 14-day right of withdrawal');
  });

  it('confirms only the statements given, and none when none was', () => {
    const product = { title: 'Office 2024 Standard', keys: [], downloads: [], keysToFollow: 1 };
    const one = renderDeliveryEmail({
      ...base,
      consents: { immediateDelivery: new Date('2026-11-21T10:00:00Z'), withdrawalRightLoss: null },
      products: [product],
    });
    expect(one.text).toContain(CONSENT_STATEMENTS.immediateDelivery);
    expect(one.text).not.toContain(CONSENT_STATEMENTS.withdrawalRightLoss);
    const none = renderDeliveryEmail({
      ...base,
      consents: { immediateDelivery: null, withdrawalRightLoss: null },
      products: [product],
    });
    for (const part of [none.text, none.html]) expect(part).not.toContain('Your statements at checkout');
  });

  it('names the invoice after the licence page’s link, and says nothing of one before it is issued', () => {
    const product = { title: 'Office 2024 Standard', keys: [], downloads: [], keysToFollow: 1 };
    const mail = renderDeliveryEmail({ ...base, invoiceNumber: '2026-000123', products: [product] });
    expect(mail.text).toContain(
      'Your orders, keys and downloads are also available at https://shop.test/login.\n' +
        'Invoice 2026-000123 is on your licence page: https://shop.test/login',
    );
    expect(mail.html).toContain(
      '<p>Invoice 2026-000123 is on your licence page: <a href="https://shop.test/login">https://shop.test/login</a></p>',
    );
    for (const invoiceNumber of [null, undefined]) {
      const none = renderDeliveryEmail({ ...base, invoiceNumber, products: [product] });
      for (const part of [none.text, none.html]) expect(part).not.toContain('Invoice');
    }
  });
});
