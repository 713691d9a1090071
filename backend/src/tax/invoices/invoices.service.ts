import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ExchangeRate } from '../entities/exchange-rate.entity.js';
import { TaxDocument, type TaxDocumentParty } from '../entities/tax-document.entity.js';
import { addDays, RATE_WINDOW_DAYS } from '../returns/quarters.js';
import { creditNoteTax } from '../tax-math.js';
import {
  creditNoteFor,
  invoiceFor,
  taxCurrencyOf,
  withTaxInEuros,
  type DocumentContent,
  type EuroRate,
  type InvoicedOrder,
} from './document-details.js';
import { allocateNumber } from './document-numbers.js';
import { renderTaxDocumentPdf } from './invoice-pdf.js';

/** What a route answers for a paid order asked for its invoice before it has one. */
export const NO_INVOICE_YET =
  'This order has no invoice yet: invoices are issued when the payment is received';

/** A document as the order details list it (its frozen details left out). */
export type TaxDocumentSummary = Pick<
  TaxDocument,
  'id' | 'kind' | 'number' | 'orderId' | 'issuedAt' | 'totalCents' | 'taxCents' | 'refundId'
>;

/** What a credit note is issued for: a refund (`refundId`), or another reversal of the payment. */
export interface CreditRequest {
  refundId: string | null;
  /** What was given back; undefined: everything the invoice still has uncredited. */
  amountCents?: number;
  /** Why, as the credit note states it. */
  reason: string;
}

/**
 * Invoices and credit notes (#20 §5): issued inside the caller's transaction, which holds the order's
 * lock, numbered from gapless series (document-numbers.ts), and frozen when written: nothing here changes
 * a document once issued, and its PDF is drawn from the row alone. Callers (fulfilment, refunds, disputes)
 * pass what it needs; this module imports none of them.
 */
@Injectable()
export class InvoicesService {
  private readonly logger = new Logger('Invoices');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The seller as documents name it now (SELLER_* settings, else the store's own name and address). */
  seller(): TaxDocumentParty {
    const { tax, store, mail } = this.config;
    return {
      name: tax.sellerName ?? store.name,
      address: tax.sellerAddress ?? store.officeAddress,
      country: tax.sellerCountry,
      vatNumber: tax.sellerVatNumber,
      email: mail.supportEmail,
    };
  }

  /**
   * The invoice of an order whose payment was just received (`order` as read after its payment's
   * conditional UPDATE, in that transaction), whatever happens to the order next. One per order: only
   * that UPDATE's one winner issues it (FulfilmentService.confirmPayment), so nothing is read first.
   */
  async issueInvoice(m: EntityManager, order: InvoicedOrder): Promise<TaxDocument> {
    const issuedAt = new Date();
    let content = invoiceFor(order, this.seller());
    if (taxCurrencyOf(content) === 'EUR') {
      const rate = await euroRateOn(m, content.currency, issuedAt);
      if (rate) content = withTaxInEuros(content, rate);
      else
        this.logger.warn(
          `Order ${order.id}: no ECB rate for ${content.currency.toUpperCase()} in the ${RATE_WINDOW_DAYS} days ` +
            'before today: its invoice states its VAT in its own currency only (import the ECB rates daily)',
        );
    }
    return this.issue(m, 'invoice', order.id, content, { invoiceId: null, refundId: null }, issuedAt);
  }

  /**
   * A credit note for money given back on the order (`order` read through its lock in `m`'s transaction):
   * against its invoice, for what was given back but never more than the invoice has uncredited, its tax
   * the same share of the tax left (creditNoteTax). One per refund: a refund credited already answers
   * null, as does an order without an invoice (paid before invoices were issued) or with nothing left.
   */
  async issueCreditNote(
    m: EntityManager,
    order: { id: string },
    credit: CreditRequest,
  ): Promise<TaxDocument | null> {
    if (credit.refundId && (await m.existsBy(TaxDocument, { refundId: credit.refundId }))) return null;
    const invoice = await currentInvoice(m, order.id);
    if (!invoice) return null;
    const credited = await m
      .createQueryBuilder(TaxDocument, 'd')
      .select('COALESCE(SUM(d.totalCents), 0)', 'totalCents')
      .addSelect('COALESCE(SUM(d.taxCents), 0)', 'taxCents')
      .where('d.invoiceId = :invoiceId AND d.kind = :kind', { invoiceId: invoice.id, kind: 'credit-note' })
      .getRawOne<{ totalCents: string | number; taxCents: string | number }>();
    const before = {
      totalCents: Number(credited?.totalCents ?? 0),
      taxCents: Number(credited?.taxCents ?? 0),
    };
    const left = invoice.totalCents - before.totalCents;
    const totalCents = Math.min(credit.amountCents ?? left, left);
    if (totalCents <= 0) {
      this.logger.warn(
        `Order ${order.id}: invoice ${invoice.number} is credited in full already; no credit note for ${credit.reason}`,
      );
      return null;
    }
    const taxCents = creditNoteTax(totalCents, left, invoice.taxCents - before.taxCents);
    const content = creditNoteFor(invoice, { totalCents, taxCents, reason: credit.reason }, before);
    return this.issue(m, 'credit-note', order.id, content, {
      invoiceId: invoice.id,
      refundId: credit.refundId,
    });
  }

  /**
   * Replaces the order's invoice after its tax changed (staff decided its tax country, #20 §3): a credit
   * note takes back what is left on the current invoice, and a new invoice states the order as it now is.
   * Neither document changes the other: both stay as issued.
   */
  async reissueInvoice(m: EntityManager, order: InvoicedOrder, reason: string): Promise<TaxDocument> {
    await this.issueCreditNote(m, order, { refundId: null, reason });
    return this.issueInvoice(m, order);
  }

  /** The order's invoice number, or null before it has one. */
  async invoiceNumberOf(m: EntityManager, orderId: string): Promise<string | null> {
    return (await currentInvoice(m, orderId))?.number ?? null;
  }

  /** The documents of these orders, oldest first, without their details (the order pages list them). */
  async documentsOf(orderIds: readonly string[]): Promise<TaxDocumentSummary[]> {
    if (!orderIds.length) return [];
    return this.db.getRepository(TaxDocument).find({
      select: {
        id: true,
        kind: true,
        number: true,
        orderId: true,
        issuedAt: true,
        totalCents: true,
        taxCents: true,
        refundId: true,
      },
      where: { orderId: In([...orderIds]) },
      order: { issuedAt: 'ASC', sequence: 'ASC' },
    });
  }

  /**
   * The PDF of the order's invoice, or of one of its credit notes (`creditNoteId`), with its file name
   * (`invoice-2026-000123.pdf`). 404 when the order has no invoice yet, or no such credit note. Whose the
   * order is, is for the caller to have checked.
   */
  async pdf(orderId: string, creditNoteId?: string): Promise<{ fileName: string; pdf: Buffer }> {
    const documents = this.db.getRepository(TaxDocument);
    const invoice = await currentInvoice(this.db.manager, orderId);
    if (!invoice) throw new NotFoundException(NO_INVOICE_YET);
    const document = creditNoteId
      ? await documents.findOneBy({ id: creditNoteId, orderId, kind: 'credit-note' })
      : invoice;
    if (!document) throw new NotFoundException(`Credit note ${creditNoteId} of order ${orderId} not found`);
    // A credit note names the invoice it corrects: the current one, or one an invoice replaced since.
    const corrects =
      document.kind === 'credit-note' ? await documents.findOneBy({ id: document.invoiceId! }) : null;
    return {
      fileName: `${document.kind}-${document.number}.pdf`,
      pdf: await renderTaxDocumentPdf(document, corrects),
    };
  }

  /** Numbers and writes a document, in `m`'s transaction. */
  private async issue(
    m: EntityManager,
    kind: TaxDocument['kind'],
    orderId: string,
    content: DocumentContent,
    references: Pick<TaxDocument, 'invoiceId' | 'refundId'>,
    issuedAt = new Date(),
  ): Promise<TaxDocument> {
    const { year, sequence, number } = await allocateNumber(m, kind, issuedAt);
    const document = m.create(TaxDocument, {
      id: randomUUID(),
      kind,
      number,
      year,
      sequence,
      orderId,
      ...references,
      issuedAt,
      ...content,
    });
    // Nothing to read back (every column is set here): no SELECT after the INSERT on SQLite.
    await m.createQueryBuilder().insert().into(TaxDocument).values(document).updateEntity(false).execute();
    return document;
  }
}

/**
 * The ECB rate an invoice issued at `at` converts its VAT with (Article 91(2) of the VAT Directive: the
 * latest the ECB published): the latest of `currency` on or before that day, but no older than
 * RATE_WINDOW_DAYS (the rates are imported by staff: an older one means they stopped). Null when there
 * is none.
 */
async function euroRateOn(m: EntityManager, currency: string, at: Date): Promise<EuroRate | null> {
  const day = at.toISOString().slice(0, 10);
  const rate = await m
    .createQueryBuilder(ExchangeRate, 'r')
    .where('r.currency = :currency', { currency: currency.toUpperCase() })
    .andWhere('r.date <= :day AND r.date >= :since', { day, since: addDays(day, -RATE_WINDOW_DAYS) })
    .orderBy('r.date', 'DESC')
    .getOne();
  return rate ? { date: rate.date, unitsPerEuro: rate.unitsPerEuro } : null;
}

/**
 * The order's invoice in force: the latest issued (an order has one, unless staff's decision on its tax
 * replaced it, reissueInvoice); null before its payment.
 */
function currentInvoice(m: EntityManager, orderId: string): Promise<TaxDocument | null> {
  return m.findOne(TaxDocument, {
    where: { orderId, kind: 'invoice' },
    order: { issuedAt: 'DESC', sequence: 'DESC' },
  });
}
