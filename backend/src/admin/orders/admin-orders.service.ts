import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, In, type DataSource, type ObjectLiteral } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import {
  fetchPage,
  sortList,
  startsWithLowercase,
  startsWithText,
  whereIdIn,
} from '../../database/list-page.js';
import { parseListQuery, type ListQueryDto, type ListPage } from '../../common/list-query.js';
import { canonicalEmail } from '../../common/email.js';
import { LINK_ORDER } from '../../downloads/download-links.js';
import { DownloadLink } from '../../downloads/entities/download-link.entity.js';
import { FulfilmentService } from '../../fulfilment/fulfilment.service.js';
import { PaymentProviders } from '../../payments/payment-providers.js';
import { LicenseKey } from '../../license-keys/entities/license-key.entity.js';
import { LicenseKeyCipher } from '../../license-keys/license-key-cipher.js';
import { maskLicenseKey } from '../../license-keys/mask.js';
import { OutboxEmail } from '../../emails/entities/outbox-email.entity.js';
import { AdminOrderListRowDto, AdminOrderRowDto, evidenceOf } from './dto/admin-order.dto.js';
import { AdminRefundDto, type CreateRefundDto } from './dto/admin-refund.dto.js';
import { RefundsService } from '../../payments/refunds.service.js';
import { DisputesService } from '../../payments/disputes/disputes.service.js';
import { AdminDisputeDto } from '../../payments/disputes/dto/admin-dispute.dto.js';
import type {
  AdminOrderDetailDto,
  AdminOrderMarginDto,
  ResendEmailResponseDto,
  UpdateOrderDto,
} from './dto/admin-order-detail.dto.js';
import {
  Order,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  VAT_NUMBER_STATUSES,
} from '../../orders/entities/order.entity.js';
import {
  allowedTransitions,
  deliveryRefusal,
  REFUND_ACTION,
  statusChangeRefusal,
  UNPAID,
} from '../../orders/order-process.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { runInTransaction } from '../../database/transactions.js';
import { percentOf } from '../../tax/tax-rates.js';
import { TaxDocument } from '../../tax/entities/tax-document.entity.js';
import { InvoicesService } from '../../tax/invoices/invoices.service.js';
import { RateBook } from '../../reports/converted-figures.js';
import { dayOf, orderMargin } from '../../reports/sales-math.js';
import { KeyBatch } from '../../suppliers/entities/key-batch.entity.js';
import { Refund } from '../../payments/entities/refund.entity.js';
import { asText, csvAmount, csvStream, type CsvDownload, type CsvRow } from '../../common/csv-file.js';
import type { ExportQueryDto } from '../exports/export-query.dto.js';
import { currencyOf, storedCurrency } from '../../orders/order-currency.js';
import { convertCents } from '../../tax/returns/quarters.js';
import { DEFAULT_CURRENCY, minorUnitDigits } from '../../common/money.js';
import { dayRange, exportFileName, exportRows, isoTime, whereCreatedIn } from '../exports/exports.js';

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const ORDER_LIST = {
  sortable: ['createdAt', 'totalCents', 'customerEmail', 'status'] as const,
  defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'],
  filters: {
    q: 'string',
    status: 'string',
    paymentStatus: 'string',
    refundDue: 'boolean',
    vatNumberStatus: 'string',
    id: 'string[]',
    createdFrom: 'string',
    createdTo: 'string',
    productId: 'string',
    country: 'string',
  } as const,
};

const PRODUCT_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;
const COUNTRY = /^[A-Z]{2}$/;

/** The orders export's columns: amounts in units of the order's currency (`40.49`, yen `6000`), times in UTC. */
export const ORDER_EXPORT_COLUMNS = [
  'Order ID',
  'Created at (UTC)',
  'Paid at (UTC)',
  'Status',
  'Payment status',
  'Invoice number',
  'Customer e-mail',
  'Customer name',
  'Billing country',
  'Company',
  'VAT number',
  'Currency',
  'Subtotal',
  'Discount',
  'Tax',
  'Total',
  'Refunded',
  'Tax country',
  'Coupon',
  'Items',
] as const;

/** What the export reads of each order (every sort column is among them: the keyset needs its values). */
const ORDER_EXPORT_SELECT = [
  'id',
  'createdAt',
  'paidAt',
  'status',
  'paymentStatus',
  'customerEmail',
  'customerName',
  'billingCountry',
  'billingCompany',
  'vatNumber',
  'currency',
  'subtotalCents',
  'discountCents',
  'taxCents',
  'totalCents',
  'taxCountry',
  'couponCode',
  'orderItems',
].map((column) => `o.${column}`);

const SORT_COLUMNS = {
  createdAt: 'createdAt',
  totalCents: 'totalCents',
  customerEmail: 'customerEmail',
  status: 'status',
};

/**
 * Past this many matches, a search reads the page in sort order rather than through the search indexes,
 * and its total is shown as "2,000+": counting further would read that many more index entries on every
 * page, for a figure nobody pages through (they refine the search).
 */
const DENSE_SEARCH_MATCHES = 2_000;

/**
 * The four ways an order matches `term`: its e-mail, name, last name or id starts with it. With `indexed`
 * false each column is wrapped in LOWER(), which no index serves, so the database walks the sort order's
 * index instead.
 */
function orderSearch(driver: string, term: string, indexed: boolean): [string, ObjectLiteral][] {
  const column = (name: string) => (indexed ? `o.${name}` : `LOWER(o.${name})`);
  return [
    // A whole address with an internationalised domain is stored with the domain in ASCII.
    startsWithLowercase(driver, column('customerEmail'), canonicalEmail(term), 'email'),
    startsWithText(column('customerName'), term, 'name'),
    startsWithText(column('billingLastName'), term, 'lastName'),
    startsWithLowercase(driver, column('id'), term, 'id'),
  ];
}

const anyOf = (conditions: [string, ObjectLiteral][]) =>
  new Brackets((w) => conditions.forEach(([sql, params]) => w.orWhere(sql, params)));

/** The list's createdFrom/createdTo days, as the exports read theirs, with the filter's names in the message. */
function createdRange(from: string | undefined, to: string | undefined) {
  try {
    return dayRange(from, to);
  } catch {
    throw new BadRequestException(
      'filter createdFrom and createdTo must be days such as 2026-10-01, createdTo not before createdFrom',
    );
  }
}

function oneOf(name: string, value: string | undefined, allowed: readonly string[]): void {
  if (value !== undefined && !allowed.includes(value)) {
    throw new BadRequestException(`filter ${name} must be one of ${allowed.join(', ')}`);
  }
}

@Injectable()
export class AdminOrdersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cipher: LicenseKeyCipher,
    private readonly audit: AuditService,
    private readonly fulfilment: FulfilmentService,
    private readonly providers: PaymentProviders,
    private readonly refunds: RefundsService,
    private readonly disputes: DisputesService,
    private readonly invoices: InvoicesService,
  ) {}

  /**
   * The list, filtered, sorted and paged in SQL (see fetchPage for the count). `q` matches the start of
   * the e-mail, of the name or of the last name (case-insensitive), or of the order id: four prefix
   * searches, each on its own index. When a term matches many orders (a common first name), reading
   * the newest orders and keeping the matches is cheaper than sorting all of them, so the page is then
   * read without the search indexes.
   */
  async list(dto: ListQueryDto): Promise<ListPage<AdminOrderListRowDto>> {
    const { skip, take, term, query } = this.listQuery(dto);
    const driver = this.db.options.type;
    const page = term
      ? await fetchPage(query(anyOf(orderSearch(driver, term, true))), skip, take, {
          countUnionOf: orderSearch(driver, term, true).map((condition) => query(condition)),
          lookahead: DENSE_SEARCH_MATCHES,
          rowsQuery: (matches) =>
            matches > DENSE_SEARCH_MATCHES ? query(anyOf(orderSearch(driver, term, false))) : undefined,
        })
      : await fetchPage(query(), skip, take);
    return { ...page, rows: page.rows.map((row) => AdminOrderListRowDto.from(row)) };
  }

  /**
   * Every order the list shows for the same filter and sort, created in the days `from`-`to`, as CSV
   * (ORDER_EXPORT_COLUMNS), read by keyset a page at a time. Checked before anything is sent (a bad filter
   * is a 400, never a cut file). It names buyers: the route records it in the audit trail (AuditedRead).
   */
  async export(dto: ExportQueryDto): Promise<CsvDownload> {
    const range = dayRange(dto.from, dto.to);
    const { term, query, filter } = this.listQuery(dto);
    const driver = this.db.options.type;
    let search = query();
    if (term) {
      // As the list reads its pages: a term matching many orders walks the sort order's index, keeping the
      // matches, rather than sorting them all again for each page (see list).
      const indexed = (condition?: [string, ObjectLiteral]) =>
        query(condition ?? anyOf(orderSearch(driver, term, true)));
      const { capped: dense } = await fetchPage(indexed(), 0, 1, {
        countUnionOf: orderSearch(driver, term, true).map(indexed),
        lookahead: DENSE_SEARCH_MATCHES,
      });
      search = query(anyOf(orderSearch(driver, term, !dense)));
    }
    const orders = whereCreatedIn(search, 'o.createdAt', range).select(ORDER_EXPORT_SELECT);
    return {
      fileName: exportFileName('orders', range, filter),
      content: csvStream(
        ORDER_EXPORT_COLUMNS,
        exportRows(orders, (page) => this.exportPage(page)),
      ),
    };
  }

  /** A page of the export: its refunds added up in one query, its invoices' numbers in another. */
  private async exportPage(orders: Order[]): Promise<CsvRow[]> {
    const ids = orders.map((o) => o.id);
    // An order's invoice in force is its latest (a staff decision on its tax may have replaced one).
    const invoices = await this.db.getRepository(TaxDocument).find({
      select: { orderId: true, number: true },
      where: { orderId: In(ids), kind: 'invoice' },
      order: { issuedAt: 'ASC', sequence: 'ASC' },
    });
    const invoiceOf = new Map(invoices.map((d) => [d.orderId, d.number]));
    const refunded = await this.db
      .getRepository(Refund)
      .createQueryBuilder('r')
      .select('r.orderId', 'orderId')
      .addSelect('SUM(r.amountCents)', 'cents')
      .where('r.orderId IN (:...ids)', { ids })
      .andWhere('r.status = :succeeded', { succeeded: 'succeeded' })
      .groupBy('r.orderId')
      .getRawMany<{ orderId: string; cents: number | string }>();
    const refundedOf = new Map(refunded.map((r) => [r.orderId, Number(r.cents)]));
    return orders.map((o) => {
      const currency = currencyOf(o);
      const amount = (cents: number) => csvAmount(cents, currency);
      return [
        o.id,
        isoTime(o.createdAt),
        isoTime(o.paidAt),
        o.status,
        o.paymentStatus,
        invoiceOf.get(o.id) ?? '',
        asText(o.customerEmail),
        asText(o.customerName),
        o.billingCountry,
        asText(o.billingCompany),
        asText(o.vatNumber),
        currency,
        amount(o.subtotalCents),
        amount(o.discountCents),
        amount(o.taxCents),
        amount(o.totalCents),
        amount(refundedOf.get(o.id) ?? 0),
        o.taxCountry ?? '',
        asText(o.couponCode),
        asText(o.orderItems.map((item) => `${item.quantity} x ${item.name}`).join('; ')),
      ];
    });
  }

  /**
   * The list's filter and sort, parsed and checked (a 400 naming the problem), and its query: the one
   * place both the list and its export build their WHERE and ORDER BY. `search` adds the `q` condition.
   */
  private listQuery(dto: ListQueryDto) {
    const { sort, skip, take, filter } = parseListQuery(dto, ORDER_LIST);
    oneOf('status', filter.status, ORDER_STATUSES);
    oneOf('paymentStatus', filter.paymentStatus, PAYMENT_STATUSES);
    oneOf('vatNumberStatus', filter.vatNumberStatus, VAT_NUMBER_STATUSES);
    const created = createdRange(filter.createdFrom, filter.createdTo);
    if (filter.productId !== undefined && !PRODUCT_ID.test(filter.productId))
      throw new BadRequestException('filter productId must be a product id such as office-2024-standard');
    const country = filter.country?.toUpperCase();
    if (country !== undefined && !COUNTRY.test(country))
      throw new BadRequestException('filter country must be a two-letter country code such as DE');
    const query = (search?: Brackets | [string, ObjectLiteral]) => {
      const q = this.db.getRepository(Order).createQueryBuilder('o');
      if (filter.id) whereIdIn(q, 'o.id', filter.id);
      // Days of creation, UTC, both included (as the exports' from/to).
      if (created.from) q.andWhere('o.createdAt >= :createdFrom', { createdFrom: created.from });
      if (created.to) q.andWhere('o.createdAt < :createdBefore', { createdBefore: created.to });
      if (country) q.andWhere('o.billingCountry = :country', { country });
      // The items are a JSON column: this part scans the orders the other conditions leave (as the download
      // links' file-name search does); the id's pattern leaves no LIKE wildcard in it.
      if (filter.productId)
        q.andWhere('o.orderItems LIKE :productItem', { productItem: `%"productId":"${filter.productId}"%` });
      if (filter.status) q.andWhere('o.status = :status', { status: filter.status });
      if (filter.paymentStatus)
        q.andWhere('o.paymentStatus = :paymentStatus', { paymentStatus: filter.paymentStatus });
      // The few orders owed a refund, looked up by reason in IDX_orders_refundDue (SQLite, without
      // statistics, would walk every order for IS NOT NULL) and sorted as asked.
      if (filter.refundDue === true) q.andWhere('o.refundDue IN (:...reasons)', { reasons: REFUND_REASONS });
      if (filter.refundDue === false) q.andWhere('o.refundDue IS NULL');
      // Business buyers by how their VAT number was checked: staff look for the unverified ones.
      if (filter.vatNumberStatus)
        q.andWhere('o.vatNumberStatus = :vatNumberStatus', { vatNumberStatus: filter.vatNumberStatus });
      if (search instanceof Brackets) q.andWhere(search);
      else if (search) q.andWhere(...search);
      return sortList(q, SORT_COLUMNS[sort.field], sort.order);
    };
    return { sort, skip, take, filter, term: filter.q?.trim(), query };
  }

  /**
   * The order's margin in its currency. A key's cost is in its batch's currency: one bought in another is
   * converted at the ECB rate of the payment's day (or the last day before it with rates, at most ten
   * days), as the margins report converts; a key with no such rate is left out and counted.
   */
  private async marginOf(
    order: Order,
    keys: readonly LicenseKey[],
    refunds: Parameters<typeof orderMargin>[2],
  ): Promise<AdminOrderMarginDto> {
    const currency = currencyOf(order);
    const batchIds = [
      ...new Set(keys.flatMap((k) => (k.costCents !== null && k.batchId ? [k.batchId] : []))),
    ];
    const batches = batchIds.length
      ? await this.db
          .getRepository(KeyBatch)
          .find({ select: { id: true, currency: true }, where: { id: In(batchIds) } })
      : [];
    // Keys with a cost but no batch were costed before batches had a currency: in the default one.
    const costCurrency = (key: LicenseKey) => {
      const batch = batches.find((b) => b.id === key.batchId);
      return batch ? storedCurrency(batch.currency) : DEFAULT_CURRENCY;
    };
    const day = dayOf(order.paidAt ?? order.createdAt);
    const others = [...new Set(keys.filter((k) => k.costCents !== null).map(costCurrency))].filter(
      (c) => c !== currency,
    );
    const rates = others.length ? await RateBook.load(this.db, [...others, currency], day, day) : null;
    const rateDates = new Set<string>();
    let keysWithoutRate = 0;
    const costed: { costCents: number | null }[] = [];
    for (const key of keys) {
      if (key.costCents === null || costCurrency(key) === currency) {
        costed.push({ costCents: key.costCents });
        continue;
      }
      const from = costCurrency(key);
      const rate = rates?.rateBetween(from, currency, day);
      if (!rate) {
        keysWithoutRate++;
        continue;
      }
      rateDates.add(rate.date);
      const digits = { from: minorUnitDigits(from), to: minorUnitDigits(currency) };
      costed.push({
        costCents: Number(
          convertCents(BigInt(key.costCents), rate.fromUnitsPerEuro, rate.toUnitsPerEuro, digits),
        ),
      });
    }
    return {
      currency,
      ...orderMargin(order, costed, refunds),
      keyCostRateDate: [...rateDates].sort().at(-1) ?? null,
      keysWithoutRate,
    };
  }

  /** One order with its items, billing, keys (in full for admins, masked for support), links and e-mails. */
  async get(id: string, actor: StaffUserDto): Promise<AdminOrderDetailDto> {
    const order = await this.find(id);
    const [keys, links, emails, refunds, refundableCents, disputes, documents] = await Promise.all([
      this.db.getRepository(LicenseKey).find({ where: { orderId: id }, order: { assignedAt: 'ASC' } }),
      this.db.getRepository(DownloadLink).find({ where: { orderId: id }, order: LINK_ORDER }),
      this.db.getRepository(OutboxEmail).find({ where: { orderId: id }, order: { createdAt: 'ASC' } }),
      this.refunds.listFor(id),
      this.refunds.refundableCents(this.db.manager, order),
      this.disputes.listFor(id),
      this.invoices.documentsOf([id]),
    ]);
    const reveal = actor.role === 'admin';
    if (reveal && keys.length) {
      await runInTransaction(this.db, (m) =>
        this.audit.record(m, actor, {
          action: 'license-keys.reveal',
          resource: 'orders',
          resourceId: id,
          after: { licenseKeyIds: keys.map((k) => k.id) },
        }),
      );
    }
    return {
      ...AdminOrderRowDto.from(order),
      orderItems: order.orderItems.map((item) => ({
        productId: item.productId,
        name: item.name,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
      })),
      billing: {
        email: order.customerEmail,
        firstName: order.billingFirstName,
        lastName: order.billingLastName,
        address: order.billingAddress,
        city: order.billingCity,
        country: order.billingCountry,
        zipCode: order.billingZipCode,
        phoneCountryCode: order.billingPhoneCountryCode,
        phone: order.billingPhone,
      },
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      taxCents: order.taxCents,
      taxRate: percentOf(order.taxRateBasisPoints),
      taxMode: order.taxMode,
      taxCountry: order.taxCountry,
      evidence: evidenceOf(order),
      couponCode: order.couponCode,
      locale: order.locale,
      paymentProvider: order.paymentProvider,
      providerPaymentId: order.providerPaymentId,
      paidAt: order.paidAt,
      // What this staff member may set now: PUT /:id is for admins only (see the controller).
      allowedTransitions:
        actor.role === 'admin' ? allowedTransitions(order) : { status: [], paymentStatus: [] },
      licenseKeys: keys.map((k) => ({
        id: k.id,
        productId: k.productId,
        // A key whose ciphertext does not authenticate is shown masked, never as garbage or a 500.
        licenseKey: (reveal && this.cipher.readable(k)) || maskLicenseKey(k.keyLastGroup),
        status: k.status,
        activationCount: k.activationCount,
        activationLimit: k.activationLimit,
      })),
      downloads: links.map((l) => ({
        id: l.id,
        productId: l.productId,
        fileName: l.fileName,
        platform: l.platform,
        fileUrl: l.fileUrl,
        downloadCount: l.downloadCount,
        maxDownloads: l.maxDownloads,
        isActive: l.isActive,
        expiresAt: l.expiresAt,
      })),
      emails: emails.map((e) => ({
        id: e.id,
        kind: e.kind,
        to: e.to,
        subject: e.subject,
        status: e.status,
        attempts: e.attempts,
        lastError: e.lastError,
        createdAt: e.createdAt,
        sentAt: e.sentAt,
      })),
      refunds: refunds.map((r) => AdminRefundDto.from(r)),
      refundableCents,
      margin: reveal ? await this.marginOf(order, keys, refunds) : null,
      withdrawnAt: order.withdrawnAt,
      disputes: disputes.map((d) => AdminDisputeDto.from(d)),
      invoiceNumber: documents.findLast((d) => d.kind === 'invoice')?.number ?? null,
      creditNotes: documents
        .filter((d) => d.kind === 'credit-note')
        .map(({ id, number, issuedAt, totalCents, taxCents, refundId }) => ({
          id,
          number,
          issuedAt,
          totalCents,
          taxCents,
          refundId,
        })),
    };
  }

  /** Refunds through the order's payment provider (RefundsService.create). */
  async refund(
    id: string,
    dto: CreateRefundDto,
    actor: StaffUserDto,
    idempotencyKey?: string,
  ): Promise<AdminRefundDto> {
    return AdminRefundDto.from(await this.refunds.create(id, dto, actor, idempotencyKey));
  }

  /**
   * Sets status and/or payment status through fulfilment's rules (see FulfilmentService.applyStaffChange;
   * a change they cannot make consistently is a 409), recording before and after.
   */
  async update(id: string, dto: UpdateOrderDto, actor: StaffUserDto): Promise<AdminOrderDetailDto> {
    const changes = Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length === 0)
      throw new BadRequestException('Nothing to update: send status or paymentStatus');
    if (dto.paymentStatus === 'refunded' || dto.paymentStatus === 'partially_refunded')
      throw new BadRequestException(REFUND_ACTION);
    if (dto.status === 'cancelled') await this.cancelUnpaidPayment(id, dto.paymentStatus !== undefined);
    await runInTransaction(this.db, async (m) => {
      const order = await this.fulfilment.lockOrder(m, id);
      if (!order) throw new NotFoundException(`Order ${id} not found`);
      const before = Object.fromEntries(Object.keys(changes).map((key) => [key, order[key as keyof Order]]));
      // Through fulfilment's rules: a refund here revokes keys and links as the provider's refund does.
      await this.fulfilment.applyStaffChange(m, order, dto);
      await this.audit.record(m, actor, {
        action: 'orders.update',
        resource: 'orders',
        resourceId: id,
        before,
        after: changes,
      });
    });
    return this.get(id, actor);
  }

  /**
   * Before an unpaid order (pending, or failed: the shopper may still try another card; or waiting for its
   * bank transfer) is cancelled, its payment is cancelled at the provider, so the shopper can no longer pay
   * for it (outside the transaction: no row stays locked while the provider answers). If the payment went
   * through meanwhile, the order is paid and is not cancelled (409: refund it instead).
   */
  private async cancelUnpaidPayment(id: string, withPaymentChange: boolean): Promise<void> {
    const order = await this.find(id);
    if (order.status === 'cancelled' || !UNPAID.includes(order.paymentStatus) || !order.providerPaymentId)
      return;
    // A cancellation refused now is refused before the provider is asked (a bank debit under way cannot be
    // stopped); one sent with a payment change is judged after it, in the transaction.
    const refusal = withPaymentChange ? null : statusChangeRefusal(order, 'cancelled');
    if (refusal) throw new ConflictException(refusal);
    // A provider no longer configured here cannot be told (nor can it report a payment to this store).
    const provider = this.providers.of(order);
    if (!provider) return;
    let outcome: 'cancelled' | 'paid';
    try {
      outcome = await provider.cancelPayment(order.providerPaymentId);
    } catch {
      throw new BadGatewayException('The payment provider could not be reached; the order was not cancelled');
    }
    if (outcome === 'paid') {
      throw new ConflictException(
        'The payment for this order has just gone through: refund it instead of cancelling',
      );
    }
  }

  /** The PDF of the order's invoice, or of one of its credit notes (404 when it has none yet). */
  async documentPdf(id: string, creditNoteId?: string) {
    await this.find(id);
    return this.invoices.pdf(id, creditNoteId);
  }

  /** Queues the delivery e-mail again with everything the order has now. */
  async resendEmail(id: string, actor: StaffUserDto): Promise<ResendEmailResponseDto> {
    const order = await this.find(id);
    const refusal = deliveryRefusal(order, 'Only paid orders have a delivery e-mail');
    if (refusal) throw new ConflictException(refusal);
    const emailId = await runInTransaction(this.db, async (m) => {
      const messageId = await this.fulfilment.redeliver(m, order);
      await this.audit.record(m, actor, {
        action: 'orders.resend-email',
        resource: 'orders',
        resourceId: id,
        after: { emailId: messageId },
      });
      return messageId;
    });
    return { queued: true, emailId };
  }

  private async find(id: string): Promise<Order> {
    const order = await this.db.getRepository(Order).findOneBy({ id });
    if (!order) throw new NotFoundException(`Order ${id} not found`);
    return order;
  }
}
