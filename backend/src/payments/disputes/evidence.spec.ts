import { pdfText } from '@store/testing';
import type { Order } from '../../orders/entities/order.entity.js';
import type { Refund } from '../entities/refund.entity.js';
import type { Dispute } from './entities/dispute.entity.js';
import { evidenceFields, evidencePack } from './evidence.js';
import { renderEvidencePdf } from './evidence-pdf.js';

const STORE = {
  name: 'Licence Store',
  url: 'https://shop.test',
  supportEmail: 'support@shop.test',
  mailFrom: 'Licence Store <orders@shop.test>',
};
const AT = new Date('2026-11-21T10:00:00Z');

/** An order of two Standard at `unitPriceCents`, disputed in full, half refunded before. */
function packIn(currency: string, unitPriceCents: number, disputeCurrency = currency.toLowerCase()) {
  const order = {
    id: 'abcdef12-3456-7890-abcd-ef1234567890',
    createdAt: AT,
    paidAt: AT,
    status: 'fulfilled',
    paymentStatus: 'disputed',
    paymentProvider: 'stripe',
    providerPaymentId: 'pi_1',
    paymentMethod: 'card',
    totalCents: unitPriceCents * 2,
    currency,
    orderItems: [
      { productId: 'office-2024-standard', name: 'Office 2024 Standard', quantity: 2, unitPriceCents },
    ],
    customerName: 'Jane Doe',
    customerEmail: 'jane@example.com',
    billingFirstName: 'Jane',
    billingLastName: 'Doe',
    billingAddress: '1 Main Street',
    billingZipCode: '100-0001',
    billingCity: 'Tokyo',
    billingCountry: 'JP',
    billingPhone: '+81312345678',
    checkoutIp: null,
    checkoutIpCountry: null,
    cardCountry: 'JP',
    consentImmediateDeliveryAt: null,
    consentWithdrawalRightLossAt: null,
  } as unknown as Order;
  const dispute = {
    id: 'dispute-1',
    kind: 'dispute',
    providerDisputeId: 'dp_1',
    amountCents: unitPriceCents * 2,
    currency: disputeCurrency,
    reason: 'fraudulent',
    status: 'needs_response',
    evidenceDueBy: null,
  } as unknown as Dispute;
  const refund = {
    amountCents: unitPriceCents,
    currency,
    reason: 'Goodwill',
    status: 'succeeded',
    createdAt: AT,
  } as unknown as Refund;
  return evidencePack(order, dispute, STORE, {
    emails: [],
    keys: [],
    activations: [],
    links: [],
    refunds: [refund],
  });
}

describe('the evidence pack, in the currency paid', () => {
  it.each([
    ['JPY', 6000, '¥6,000', '¥12,000'],
    ['EUR', 3799, '€37.99', '€75.98'],
    ['usd', 4049, '$40.49', '$80.98'],
  ])('states a %s order of two at %d as %s each, %s in all', async (currency, cents, unit, total) => {
    const pack = packIn(currency, cents);
    expect(pack.dispute.amount).toBe(total);
    expect(pack.order.total).toBe(total);
    expect(pack.order.lines).toEqual([{ product: 'Office 2024 Standard', quantity: 2, unitPrice: unit }]);
    expect(pack.refunds[0]!.amount).toBe(unit);
    const fields = evidenceFields(pack);
    expect(fields.productDescription).toContain(`2 x Office 2024 Standard at ${unit}`);
    expect(fields.uncategorizedText).toContain(`Refund ${unit} (succeeded`);
    const text = pdfText(await renderEvidencePdf(pack));
    for (const amount of [unit, total]) expect(text).toContain(amount);
  });

  it('prints a sign the standard fonts lack as the currency’s code in its PDF: rupees', async () => {
    const text = pdfText(await renderEvidencePdf(packIn('INR', 339900)));
    expect(text).toContain('INR\u00a06,798.00');
    expect(text).toContain('2 × Office 2024 Standard at INR\u00a03,399.00');
    expect(text).not.toContain('₹');
  });
});
