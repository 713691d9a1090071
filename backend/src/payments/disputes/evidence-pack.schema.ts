import type { SchemaObject } from '@nestjs/swagger';

const text = { type: 'string' } as const;
const maybe = { type: 'string', nullable: true } as const;
const object = (properties: Record<string, SchemaObject>): SchemaObject => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
});
const list = (items: SchemaObject): SchemaObject => ({ type: 'array', items });

/** The evidence pack as JSON (evidence.ts's EvidencePack), for the document: amounts are formatted text. */
export const EVIDENCE_PACK_SCHEMA: SchemaObject = object({
  generatedAt: text,
  store: object({ name: text, url: text, supportEmail: text }),
  dispute: object({
    id: text,
    kind: text,
    providerDisputeId: text,
    amount: text,
    reason: maybe,
    status: text,
    evidenceDueBy: maybe,
  }),
  order: object({
    id: text,
    createdAt: text,
    paidAt: maybe,
    status: text,
    paymentStatus: text,
    paymentProvider: maybe,
    providerPaymentId: maybe,
    paymentMethod: maybe,
    total: text,
    lines: list(object({ product: text, quantity: { type: 'integer' }, unitPrice: text })),
  }),
  customer: object({ name: text, email: text, billingAddress: text, phone: text }),
  checkout: object({ ipAddress: text, ipCountry: text, billingCountry: text, cardCountry: text }),
  consents: list(object({ statement: text, givenAt: text })),
  deliveryEmails: list(object({ to: text, subject: text, queuedAt: text, sentAt: maybe, messageId: text })),
  licenceKeys: list(
    object({
      key: text,
      product: text,
      status: text,
      assignedAt: maybe,
      activations: list(object({ instance: text, at: text })),
    }),
  ),
  downloads: list(
    object({
      product: text,
      fileName: text,
      platform: text,
      createdAt: text,
      downloadCount: { type: 'integer' },
      maxDownloads: { type: 'integer' },
      active: { type: 'boolean' },
    }),
  ),
  refunds: list(object({ amount: text, reason: text, status: text, at: text })),
});
