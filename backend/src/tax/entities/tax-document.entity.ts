import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { TaxMode } from '../../config/tax-config.js';
import { EXACT } from '../../database/exact-collation.js';
import { UuidEntity } from '../../database/uuid-entity.js';
import { Order } from '../../orders/entities/order.entity.js';

/** An invoice (one per paid order) or a credit note (one per refund or other reversal of an invoice). */
export const TAX_DOCUMENT_KINDS = ['invoice', 'credit-note'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

/** One line of a document: what was sold (or credited), its amounts in cents. */
export interface TaxDocumentLine {
  description: string;
  quantity: number;
  /** The unit price as charged (tax included when the order's prices included it). */
  unitPriceCents: number;
  /** Without tax, the tax, and with tax: netCents + taxCents = totalCents. */
  netCents: number;
  taxCents: number;
  totalCents: number;
}

/** A party as the document names it, frozen when it is issued. */
export interface TaxDocumentParty {
  name: string;
  company?: string | null;
  address?: string | null;
  city?: string | null;
  zipCode?: string | null;
  country: string | null;
  email?: string | null;
  vatNumber?: string | null;
}

/**
 * The VAT stated in the tax's own currency, for a document in another (#34): EUR for an EU VAT line, as
 * Article 230 of the VAT Directive asks, converted at the ECB's reference rate (Article 91(2)). Frozen with
 * the rate used, so the document always states the same figure.
 */
export interface TaxInTaxCurrency {
  /** ISO 4217, upper-case: `EUR`. */
  currency: string;
  /** The document's tax in that currency, in its cents. */
  taxCents: number;
  /** The ECB's publication day of the rate used, `YYYY-MM-DD`. */
  rateDate: string;
  /** Units of the document's currency per euro on that day, in millionths (ExchangeRate.unitsPerEuro). */
  unitsPerEuro: number;
}

/** What the document says beyond its amounts, frozen when it is issued. */
export interface TaxDocumentDetails {
  seller: TaxDocumentParty;
  buyer: TaxDocumentParty;
  lines: TaxDocumentLine[];
  /** The discount the lines are after (an invoice's coupon), in cents, tax included as the prices were. */
  discountCents?: number;
  /** Notes printed on it: the reverse-charge statement, why a credit note was issued. */
  notes: string[];
  /** Its VAT in the tax currency, when that is not the document's (absent on documents issued before #34). */
  taxInTaxCurrency?: TaxInTaxCurrency;
}

/**
 * Invoices and credit notes (#20 §5). Issued once and never changed: the number (a gapless series per kind
 * and year: invoices `2026-000123`, credit notes `CN-2026-000045`), the amounts and the details are frozen
 * when the row is written; the PDF is drawn from them. Amounts are positive: a credit note's are what it
 * takes back. The returns (OSS, UK) and the register are read from these rows.
 */
@Entity('tax_documents')
@Index('UQ_tax_documents_number', ['number'], { unique: true })
@Index('UQ_tax_documents_series', ['kind', 'year', 'sequence'], { unique: true })
@Index('IDX_tax_documents_issuedAt', ['issuedAt', 'id'])
@Index('IDX_tax_documents_orderId', ['orderId', 'issuedAt'])
@Index('UQ_tax_documents_refundId', ['refundId'], { unique: true })
export class TaxDocument extends UuidEntity {
  @Column({ type: 'varchar', length: 12 })
  kind: TaxDocumentKind;

  @Column({ type: 'varchar', length: 20, ...EXACT })
  number: string;

  @Column({ type: 'int' })
  year: number;

  @Column({ type: 'int' })
  sequence: number;

  @Column({ type: 'varchar', length: 36 })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'orderId' })
  order?: Order;

  /** A credit note: the invoice it corrects, and the refund it records (null for another reversal). */
  @Column({ type: 'varchar', length: 36, nullable: true })
  invoiceId: string | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  refundId: string | null;

  @Column({ type: 'datetime', precision: 3 })
  issuedAt: Date;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  /** The order's tax: mode, the country whose rate applied, the rate, whether it was reverse-charged. */
  @Column({ type: 'varchar', length: 10 })
  taxMode: TaxMode;

  @Column({ type: 'varchar', length: 8, nullable: true })
  taxCountry: string | null;

  @Column({ type: 'int' })
  taxRateBasisPoints: number;

  @Column({ type: 'boolean', default: false })
  reverseCharge: boolean;

  @Column({ type: 'int' })
  netCents: number;

  @Column({ type: 'int' })
  taxCents: number;

  @Column({ type: 'int' })
  totalCents: number;

  @Column({ type: 'simple-json' })
  details: TaxDocumentDetails;
}

/**
 * The next number of each series (`invoice-2026`, `credit-note-2026`): taken under the row's lock in the
 * transaction that issues the document, so numbers are gapless (a rolled-back transaction gives its
 * number back) and never used twice.
 */
@Entity('tax_document_series')
export class TaxDocumentSeries {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  series: string;

  @Column({ type: 'int' })
  nextSequence: number;
}
