import type { AuditEntry } from '../../audit/entities/audit-entry.entity.js';
import { formatMoney } from '../../common/money.js';
import type { DownloadLink } from '../../downloads/entities/download-link.entity.js';
import type { OutboxEmail } from '../../emails/entities/outbox-email.entity.js';
import { outboxMessageId } from '../../emails/mail-transport.js';
import type { KeyReport } from '../../key-reports/entities/key-report.entity.js';
import type { LicenseActivation } from '../../license-keys/entities/license-activation.entity.js';
import type { LicenseKey } from '../../license-keys/entities/license-key.entity.js';
import { maskLicenseKey } from '../../license-keys/mask.js';
import type { OrderNote } from '../../orders/entities/order-note.entity.js';
import type { Order } from '../../orders/entities/order.entity.js';
import { amountOf } from '../../orders/order-currency.js';
import type { Dispute } from '../../payments/disputes/entities/dispute.entity.js';
import type { PaymentEvent } from '../../payments/entities/payment-event.entity.js';
import type { Refund } from '../../payments/entities/refund.entity.js';
import { TIMELINE_KINDS, type TimelineEntryDto, type TimelineKind } from './dto/order-timeline.dto.js';

/** The timeline keeps the newest this many entries (each source is read up to this many rows). */
export const TIMELINE_LIMIT = 500;

/** Everything the store recorded about one order, as the timeline reads it. */
export interface TimelineSources {
  order: Order;
  events: PaymentEvent[];
  keys: LicenseKey[];
  activations: LicenseActivation[];
  links: DownloadLink[];
  emails: OutboxEmail[];
  refunds: Refund[];
  disputes: Dispute[];
  reports: KeyReport[];
  audit: AuditEntry[];
  notes: OrderNote[];
  /** The domain of the Message-IDs the outbox sends with. */
  messageIdDomain: string;
}

const CUSTOMER = 'customer';
const FULL_KEY = /\b[A-Z0-9]{5}(?:-[A-Z0-9]{5}){3}-([A-Z0-9]{5})\b/gi;

/** Whatever a text quotes (a note, an audit value), a licence key shows only its last group. */
export const maskKeys = (text: string) =>
  text.replace(FULL_KEY, (_key, last: string) => maskLicenseKey(last));

const PROVIDER_EVENT_TITLES: Record<string, string> = {
  'payment_intent.succeeded': 'Payment succeeded',
  'demo.payment_succeeded': 'Payment succeeded',
  'charge.refunded': 'Refund reported by the provider',
  'refund.created': 'Refund created at the provider',
  'refund.updated': 'Refund updated at the provider',
  'refund.failed': 'Refund failed at the provider',
  'charge.dispute.created': 'Dispute opened at the provider',
  'charge.dispute.closed': 'Dispute closed at the provider',
  'radar.early_fraud_warning.created': 'Early fraud warning',
  'review.opened': 'Provider review opened',
  'review.closed': 'Provider review closed',
};

const EMAIL_NAMES: Record<string, string> = {
  'order-delivery': 'Delivery e-mail',
  'order-refund': 'Refund e-mail',
};

const STAFF_TITLES: Record<string, string> = {
  'orders.update': 'Order changed',
  'orders.resend-email': 'Delivery e-mail resent',
  'orders.cancel-stale': 'Cancelled: left unpaid',
  'orders.refund': 'Refund asked for',
  'license-keys.reveal': 'Licence keys shown',
  'license-keys.update': 'Licence key changed',
  'license-keys.replace': 'Licence key replaced',
  'key-reports.update': 'Key report answered',
  'downloads.update': 'Download link changed',
  'downloads.create': 'Download link added',
  'emails.resend': 'E-mail resent',
  'orders.invoice-download': 'Invoice downloaded',
  'orders.credit-note-download': 'Credit note downloaded',
};

/** Audit actions the timeline shows otherwise: a note is its own entry. */
const NOT_SHOWN = new Set(['orders.note']);

function productName(order: Order, productId: string): string {
  return order.orderItems.find((item) => item.productId === productId)?.name ?? productId;
}

const keyLabel = (key: Pick<LicenseKey, 'keyLastGroup'> | undefined) =>
  key ? maskLicenseKey(key.keyLastGroup) : 'a key no longer on this order';

function value(v: unknown): string {
  const text = typeof v === 'string' ? v : JSON.stringify(v ?? null);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** "status: processing → cancelled; paymentStatus: … " from an audit entry's before and after. */
function changes(entry: AuditEntry): string | undefined {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const parts = fields.map((field) =>
    field in before
      ? `${field}: ${value(before[field])} → ${value(after[field])}`
      : `${field}: ${value(after[field])}`,
  );
  return parts.length ? parts.join('; ') : undefined;
}

function orderEntries(order: Order): TimelineEntryDto[] {
  const entries: TimelineEntryDto[] = [];
  const total = formatMoney(amountOf(order.totalCents, order));
  const items = order.orderItems.map((item) => `${item.quantity} × ${item.name}`).join(', ');
  const from = order.checkoutIp
    ? ` · from ${order.checkoutIp} (${order.checkoutIpCountry ?? 'country unknown'})`
    : '';
  entries.push({
    at: order.createdAt,
    kind: 'created',
    title: 'Order placed',
    detail: `${total}: ${items} · billed in ${order.billingCountry}${from}`,
    actor: CUSTOMER,
  });
  if (order.paidAt) {
    const card = order.cardCountry ? ` · card from ${order.cardCountry}` : '';
    entries.push({
      at: order.paidAt,
      kind: 'paid',
      title: 'Paid',
      detail: `${total} by ${order.paymentMethod ?? 'an unknown method'} (${order.paymentProvider ?? 'no provider'})${card}`,
    });
  }
  if (order.heldAt) {
    entries.push({
      at: order.heldAt,
      kind: 'held',
      title: 'Held for review',
      detail: order.holdReasons?.length ? `Because: ${order.holdReasons.join(', ')}` : undefined,
    });
  }
  if (order.reviewedAt) {
    const rejected = order.refundDue === 'review-rejected' || order.status === 'cancelled';
    entries.push({
      at: order.reviewedAt,
      kind: 'reviewed',
      title: rejected ? 'Review: rejected' : 'Review: approved',
    });
  }
  if (order.withdrawnAt) {
    entries.push({
      at: order.withdrawnAt,
      kind: 'withdrawn',
      title: 'Withdrawn from the contract',
      actor: CUSTOMER,
    });
  }
  return entries;
}

function paymentEntry(event: PaymentEvent): TimelineEntryDto {
  const failed = event.failureReason !== null || event.type.endsWith('payment_failed');
  return {
    at: event.receivedAt,
    kind: failed ? 'payment_failed' : 'payment',
    title: failed ? 'Payment declined' : (PROVIDER_EVENT_TITLES[event.type] ?? 'Payment provider event'),
    detail: failed ? `${event.failureReason ?? 'No reason given'} · ${event.type}` : event.type,
    actor: event.provider,
  };
}

/** Keys assigned together (one delivery, one restock, one replacement) make one entry. */
function keyEntries(order: Order, keys: LicenseKey[]): TimelineEntryDto[] {
  const groups = new Map<number, LicenseKey[]>();
  for (const key of keys) {
    const at = (key.assignedAt ?? key.createdAt).getTime();
    groups.set(at, [...(groups.get(at) ?? []), key]);
  }
  return [...groups].map(([at, group]) => ({
    at: new Date(at),
    kind: 'keys' as const,
    title: group.length === 1 ? '1 licence key assigned' : `${group.length} licence keys assigned`,
    detail: group
      .map((k) => `${productName(order, k.productId)}: ${maskLicenseKey(k.keyLastGroup)} (now ${k.status})`)
      .join('; '),
  }));
}

function emailEntry(email: OutboxEmail, domain: string): TimelineEntryDto {
  const name = EMAIL_NAMES[email.kind] ?? `E-mail (${email.kind})`;
  const state =
    email.status === 'sent'
      ? 'sent'
      : email.status === 'failed'
        ? 'failed'
        : email.attempts > 0
          ? 'being retried'
          : 'not sent yet';
  const parts = [
    `to ${email.to}`,
    `queued ${email.createdAt.toISOString()}`,
    email.sentAt ? `sent ${email.sentAt.toISOString()}` : null,
    `Message-ID ${outboxMessageId(email, domain)}`,
    email.status !== 'sent' && email.lastError ? `last error: ${email.lastError}` : null,
  ];
  // At the time it was queued (what the store did then); when the outbox sent it is in the detail.
  return {
    at: email.createdAt,
    kind: 'email',
    title: `${name} ${state}`,
    detail: parts.filter(Boolean).join(' · '),
  };
}

function downloadEntry(link: DownloadLink): TimelineEntryDto {
  const last = link.lastDownloadedAt ? `last ${link.lastDownloadedAt.toISOString()}` : 'time not recorded';
  return {
    at: link.lastDownloadedAt ?? link.createdAt,
    kind: 'download',
    title: `Downloaded ${link.fileName}`,
    detail: `${link.downloadCount} of ${link.maxDownloads} downloads (${link.platform}) · ${last}`,
    actor: CUSTOMER,
  };
}

function refundEntry(refund: Refund): TimelineEntryDto {
  const parts = [
    refund.reason,
    refund.failureReason ? `provider: ${refund.failureReason}` : null,
    refund.revokeKeys ? 'revokes keys' : 'keys kept',
    refund.providerRefundId,
  ];
  return {
    at: refund.createdAt,
    kind: 'refund',
    title: `Refund of ${formatMoney(amountOf(refund.amountCents, refund))} ${refund.status}`,
    detail: parts.filter(Boolean).join(' · '),
    actor: refund.staffUsername ?? 'payment provider',
  };
}

function disputeEntries(dispute: Dispute): TimelineEntryDto[] {
  const warning = dispute.kind === 'fraud_warning';
  const parts = [
    formatMoney(amountOf(dispute.amountCents, dispute)),
    dispute.reason ? `reason: ${dispute.reason}` : null,
    `status: ${dispute.status}`,
    dispute.evidenceDueBy ? `evidence due by ${dispute.evidenceDueBy.toISOString()}` : null,
    dispute.keysRevoked ? 'keys revoked' : null,
  ];
  const entries: TimelineEntryDto[] = [
    {
      at: dispute.createdAt,
      kind: 'dispute',
      title: warning ? 'Early fraud warning' : 'Dispute opened',
      detail: parts.filter(Boolean).join(' · '),
    },
  ];
  if (dispute.evidenceSubmittedAt) {
    entries.push({
      at: dispute.evidenceSubmittedAt,
      kind: 'dispute',
      title: 'Dispute evidence submitted',
      actor: dispute.evidenceSubmittedBy ?? undefined,
    });
  }
  return entries;
}

function reportEntries(report: KeyReport, keys: Map<string, LicenseKey>): TimelineEntryDto[] {
  const key = keyLabel(keys.get(report.licenseKeyId));
  const entries: TimelineEntryDto[] = [
    {
      at: report.createdAt,
      kind: 'key_report',
      title: `Key ${key} reported as not working`,
      detail: value(report.errorMessage),
      actor: CUSTOMER,
    },
  ];
  if (report.resolvedAt) {
    const replaced = report.status === 'replaced';
    entries.push({
      at: report.resolvedAt,
      kind: 'key_report',
      title: replaced ? `Key ${key} replaced` : `Key report on ${key} answered`,
      detail: replaced
        ? `by ${keyLabel(keys.get(report.replacementKeyId ?? ''))}`
        : value(report.answer ?? ''),
      actor: report.resolvedBy ?? undefined,
    });
  }
  return entries;
}

const REVEAL = 'license-keys.reveal';

function staffEntry(entry: AuditEntry): TimelineEntryDto {
  return {
    at: entry.createdAt,
    kind: 'staff',
    title: STAFF_TITLES[entry.action] ?? entry.action,
    // Which keys is the order's; how often is what counts (foldReveals).
    detail: entry.action === REVEAL ? 'Once' : changes(entry),
    actor: entry.actorUsername,
  };
}

/**
 * An admin's every opening of the order records that its keys were shown: one after another by the same
 * person, they make one entry (at the first), saying how often and when last.
 */
function foldReveals(entries: TimelineEntryDto[]): TimelineEntryDto[] {
  const title = STAFF_TITLES[REVEAL];
  const folded: (TimelineEntryDto & { times?: number })[] = [];
  for (const entry of entries) {
    const last = folded.at(-1);
    if (
      last?.title === title &&
      entry.title === title &&
      last.kind === 'staff' &&
      entry.kind === 'staff' &&
      last.actor === entry.actor
    ) {
      last.times = (last.times ?? 1) + 1;
      last.detail = `${last.times} times, the last at ${entry.at.toISOString()}`;
    } else folded.push({ ...entry });
  }
  return folded.map(({ times: _times, ...entry }) => entry);
}

/**
 * The order's story, oldest first (at equal times, in the order a purchase happens), the newest
 * TIMELINE_LIMIT entries. Every text passes through maskKeys: no entry shows a whole licence key.
 */
export function buildTimeline(s: TimelineSources): { entries: TimelineEntryDto[]; truncated: boolean } {
  const keys = new Map(s.keys.map((k) => [k.id, k]));
  const all: TimelineEntryDto[] = [
    ...orderEntries(s.order),
    ...s.events.map(paymentEntry),
    ...keyEntries(s.order, s.keys),
    ...s.emails.map((e) => emailEntry(e, s.messageIdDomain)),
    ...s.links.filter((l) => l.downloadCount > 0).map(downloadEntry),
    ...s.activations.map((a) => ({
      at: a.createdAt,
      kind: 'activation' as const,
      title: `Key ${keyLabel(keys.get(a.licenseKeyId))} activated`,
      detail: `on instance ${value(a.instanceId)}`,
      actor: CUSTOMER,
    })),
    ...s.refunds.map(refundEntry),
    ...s.disputes.flatMap(disputeEntries),
    ...s.reports.flatMap((r) => reportEntries(r, keys)),
    ...s.audit.filter((a) => !NOT_SHOWN.has(a.action)).map(staffEntry),
    ...s.notes.map((n) => ({
      at: n.createdAt,
      kind: 'note' as const,
      title: 'Note',
      detail: n.body,
      actor: n.staffUsername ?? undefined,
    })),
  ];
  const rank = (kind: TimelineKind) => TIMELINE_KINDS.indexOf(kind);
  all.sort((a, b) => a.at.getTime() - b.at.getTime() || rank(a.kind) - rank(b.kind));
  const story = foldReveals(all);
  const entries = story.slice(-TIMELINE_LIMIT).map((entry) => {
    const out: TimelineEntryDto = { at: entry.at, kind: entry.kind, title: maskKeys(entry.title) };
    if (entry.detail) out.detail = maskKeys(entry.detail);
    if (entry.actor) out.actor = entry.actor;
    return out;
  });
  return { entries, truncated: story.length > TIMELINE_LIMIT };
}
