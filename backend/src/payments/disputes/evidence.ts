import { In, type EntityManager } from 'typeorm';
import { formatMoney } from '../../common/money.js';
import { DownloadLink } from '../../downloads/entities/download-link.entity.js';
import { OutboxEmail } from '../../emails/entities/outbox-email.entity.js';
import { outboxMessageId, senderDomain } from '../../emails/mail-transport.js';
import { LicenseActivation } from '../../license-keys/entities/license-activation.entity.js';
import { LicenseKey } from '../../license-keys/entities/license-key.entity.js';
import { maskLicenseKey } from '../../license-keys/mask.js';
import { CONSENT_STATEMENTS } from '../../orders/consents.js';
import type { Order } from '../../orders/entities/order.entity.js';
import { amountOf } from '../../orders/order-currency.js';
import { Refund } from '../entities/refund.entity.js';
import type { DisputeEvidence } from '../payment-provider.js';
import type { Dispute } from './entities/dispute.entity.js';

/** Shown where the store holds no value (e.g. the checkout address of an order from before #19). */
export const NOT_RECORDED = 'not recorded';

/**
 * The evidence pack: what the store holds about an order and its dispute, as one document (JSON as it
 * is, the PDF lays it out, and the provider's text fields are written from it). Keys are masked: the pack
 * goes to a bank.
 */
export interface EvidencePack {
  generatedAt: string;
  store: { name: string; url: string; supportEmail: string };
  dispute: {
    id: string;
    kind: string;
    providerDisputeId: string;
    amount: string;
    reason: string | null;
    status: string;
    evidenceDueBy: string | null;
  };
  order: {
    id: string;
    createdAt: string;
    paidAt: string | null;
    status: string;
    paymentStatus: string;
    paymentProvider: string | null;
    providerPaymentId: string | null;
    paymentMethod: string | null;
    total: string;
    lines: { product: string; quantity: number; unitPrice: string }[];
  };
  customer: { name: string; email: string; billingAddress: string; phone: string };
  checkout: { ipAddress: string; ipCountry: string; billingCountry: string; cardCountry: string };
  consents: { statement: string; givenAt: string }[];
  deliveryEmails: {
    to: string;
    subject: string;
    queuedAt: string;
    sentAt: string | null;
    messageId: string;
  }[];
  licenceKeys: {
    key: string;
    product: string;
    status: string;
    assignedAt: string | null;
    activations: { instance: string; at: string }[];
  }[];
  downloads: {
    product: string;
    fileName: string;
    platform: string;
    createdAt: string;
    downloadCount: number;
    maxDownloads: number;
    active: boolean;
  }[];
  refunds: { amount: string; reason: string; status: string; at: string }[];
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** What the store recorded about the order, as the pack reads it. */
export interface EvidenceRecords {
  emails: OutboxEmail[];
  keys: LicenseKey[];
  activations: LicenseActivation[];
  links: DownloadLink[];
  refunds: Refund[];
}

export async function buildEvidencePack(
  m: EntityManager,
  order: Order,
  dispute: Dispute,
  store: { name: string; url: string; supportEmail: string; mailFrom: string },
): Promise<EvidencePack> {
  const [emails, keys, links, refunds] = await Promise.all([
    m.find(OutboxEmail, { where: { orderId: order.id, kind: 'order-delivery' }, order: { id: 'ASC' } }),
    m.find(LicenseKey, { where: { orderId: order.id }, order: { assignedAt: 'ASC', id: 'ASC' } }),
    m.find(DownloadLink, { where: { orderId: order.id }, order: { createdAt: 'ASC', id: 'ASC' } }),
    m.find(Refund, { where: { orderId: order.id }, order: { createdAt: 'ASC', id: 'ASC' } }),
  ]);
  const activations = keys.length
    ? await m.find(LicenseActivation, {
        where: { licenseKeyId: In(keys.map((k) => k.id)) },
        order: { createdAt: 'ASC', id: 'ASC' },
      })
    : [];
  return evidencePack(order, dispute, store, { emails, keys, activations, links, refunds });
}

/** The pack of the order's records; amounts in the currency paid (the dispute's own, its refunds'). */
export function evidencePack(
  order: Order,
  dispute: Dispute,
  store: { name: string; url: string; supportEmail: string; mailFrom: string },
  { emails, keys, activations, links, refunds }: EvidenceRecords,
): EvidencePack {
  const product = (id: string) => order.orderItems.find((i) => i.productId === id)?.name ?? id;
  const domain = senderDomain(store.mailFrom);
  return {
    generatedAt: new Date().toISOString(),
    store: { name: store.name, url: store.url, supportEmail: store.supportEmail },
    dispute: {
      id: dispute.id,
      kind: dispute.kind,
      providerDisputeId: dispute.providerDisputeId,
      amount: formatMoney(amountOf(dispute.amountCents, dispute)),
      reason: dispute.reason,
      status: dispute.status,
      evidenceDueBy: iso(dispute.evidenceDueBy),
    },
    order: {
      id: order.id,
      createdAt: order.createdAt.toISOString(),
      paidAt: iso(order.paidAt),
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentProvider: order.paymentProvider,
      providerPaymentId: order.providerPaymentId,
      paymentMethod: order.paymentMethod,
      total: formatMoney(amountOf(order.totalCents, order)),
      lines: order.orderItems.map((i) => ({
        product: i.name,
        quantity: i.quantity,
        unitPrice: formatMoney(amountOf(i.unitPriceCents, order)),
      })),
    },
    customer: {
      name: order.customerName,
      email: order.customerEmail,
      billingAddress: [
        `${order.billingFirstName} ${order.billingLastName}`,
        order.billingAddress,
        `${order.billingZipCode} ${order.billingCity}`,
        order.billingCountry,
      ].join(', '),
      // E.164 since #34; earlier orders kept the national number beside its code.
      phone: order.billingPhone.startsWith('+')
        ? order.billingPhone
        : `${order.billingPhoneCountryCode} ${order.billingPhone}`,
    },
    checkout: {
      ipAddress: order.checkoutIp ?? NOT_RECORDED,
      ipCountry: order.checkoutIpCountry ?? NOT_RECORDED,
      billingCountry: order.billingCountry,
      cardCountry: order.cardCountry ?? NOT_RECORDED,
    },
    consents: [
      { statement: CONSENT_STATEMENTS.immediateDelivery, givenAt: iso(order.consentImmediateDeliveryAt) },
      {
        statement: CONSENT_STATEMENTS.withdrawalRightLoss,
        givenAt: iso(order.consentWithdrawalRightLossAt),
      },
    ].map((c) => ({ statement: c.statement, givenAt: c.givenAt ?? NOT_RECORDED })),
    deliveryEmails: emails.map((e) => ({
      to: e.to,
      subject: e.subject,
      queuedAt: e.createdAt.toISOString(),
      sentAt: iso(e.sentAt),
      messageId: outboxMessageId(e, domain),
    })),
    licenceKeys: keys.map((k) => ({
      key: maskLicenseKey(k.keyLastGroup),
      product: product(k.productId),
      status: k.status,
      assignedAt: iso(k.assignedAt),
      activations: activations
        .filter((a) => a.licenseKeyId === k.id)
        .map((a) => ({ instance: a.instanceId, at: a.createdAt.toISOString() })),
    })),
    downloads: links.map((l) => ({
      product: product(l.productId),
      fileName: l.fileName,
      platform: l.platform,
      createdAt: l.createdAt.toISOString(),
      downloadCount: l.downloadCount,
      maxDownloads: l.maxDownloads,
      active: l.isActive,
    })),
    refunds: refunds.map((r) => ({
      amount: formatMoney(amountOf(r.amountCents, r)),
      reason: r.reason,
      status: r.status,
      at: r.createdAt.toISOString(),
    })),
  };
}

/** The pack in the provider's evidence text fields. */
export function evidenceFields(pack: EvidencePack): DisputeEvidence {
  const sent = pack.deliveryEmails.find((e) => e.sentAt) ?? pack.deliveryEmails[0];
  const activity = [
    ...pack.deliveryEmails.map(
      (e) => `${e.sentAt ?? e.queuedAt}: licence keys e-mailed to ${e.to} (Message-ID ${e.messageId})`,
    ),
    ...pack.licenceKeys.flatMap((k) =>
      k.activations.map((a) => `${a.at}: key ${k.key} (${k.product}) activated on device ${a.instance}`),
    ),
    ...pack.downloads.map(
      (d) => `${d.fileName} (${d.product}): downloaded ${d.downloadCount} of ${d.maxDownloads} times`,
    ),
  ];
  return {
    customerName: pack.customer.name,
    customerEmailAddress: pack.customer.email,
    billingAddress: pack.customer.billingAddress,
    customerPurchaseIp: pack.checkout.ipAddress === NOT_RECORDED ? null : pack.checkout.ipAddress,
    productDescription:
      `Digital software licences delivered by e-mail, order ${pack.order.id}: ` +
      pack.order.lines.map((l) => `${l.quantity} x ${l.product} at ${l.unitPrice}`).join('; '),
    serviceDate: (sent?.sentAt ?? sent?.queuedAt ?? pack.order.paidAt ?? pack.order.createdAt).slice(0, 10),
    accessActivityLog: activity.join('\n') || 'No delivery, download or activation recorded.',
    uncategorizedText: [
      `Checkout IP address ${pack.checkout.ipAddress}, IP country ${pack.checkout.ipCountry}, ` +
        `billing country ${pack.checkout.billingCountry}, card country ${pack.checkout.cardCountry}.`,
      ...pack.consents.map((c) => `Consent given ${c.givenAt}: "${c.statement}"`),
      ...pack.refunds.map((r) => `Refund ${r.amount} (${r.status}, ${r.at}): ${r.reason}`),
    ].join('\n'),
  };
}
