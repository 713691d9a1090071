import {
  BadRequestException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, In, MoreThan, type DataSource, type ObjectLiteral } from 'typeorm';
import { AccountService, ACCESS_LINK_KIND } from '../../account/account.service.js';
import { AuditService } from '../../audit/audit.service.js';
import { canonicalEmail, EMAIL_MAX_LENGTH } from '../../common/email.js';
import { compareCurrencies, DEFAULT_CURRENCY } from '../../common/money.js';
import { parseListQuery, type ListPage, type ListQueryDto } from '../../common/list-query.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { startsWithLowercase, startsWithText } from '../../database/list-page.js';
import { rawDate } from '../../database/raw-date.js';
import { runInTransaction } from '../../database/transactions.js';
import { DownloadLink } from '../../downloads/entities/download-link.entity.js';
import { OutboxEmail } from '../../emails/entities/outbox-email.entity.js';
import { KeyReport } from '../../key-reports/entities/key-report.entity.js';
import { LicenseActivation } from '../../license-keys/entities/license-activation.entity.js';
import { LicenseKey } from '../../license-keys/entities/license-key.entity.js';
import { LicenseKeyCipher } from '../../license-keys/license-key-cipher.js';
import { maskLicenseKey } from '../../license-keys/mask.js';
import { Message } from '../../messages/entities/message.entity.js';
import { Order } from '../../orders/entities/order.entity.js';
import { currencyOf } from '../../orders/order-currency.js';
import { UNPAID } from '../../orders/order-process.js';
import { Refund } from '../../payments/entities/refund.entity.js';
import type { AccessLinkSentDto, AdminCustomerDto, AdminCustomerRowDto } from './dto/admin-customer.dto.js';

/** The shortest search: a prefix of one or two characters would match a large share of all customers. */
export const MIN_SEARCH_LENGTH = 3;
/** Without a search, the customers of this many latest orders are listed (newest first). */
export const RECENT_ORDERS_WINDOW = 1_000;
/** How many of a customer's orders (newest first) the detail shows, with their keys, links and refunds. */
export const CUSTOMER_ORDERS_LIMIT = 100;
/** How many e-mails, messages, key reports and activations the detail shows, newest first. */
export const CUSTOMER_HISTORY_LIMIT = 100;
/** A second access link to the same address within this time is refused (429). */
export const ACCESS_LINK_INTERVAL_MS = 60_000;

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const CUSTOMER_LIST = {
  sortable: ['lastOrderAt', 'firstOrderAt', 'email', 'orders', 'paidOrders', 'spentCents'] as const,
  defaultSort: ['lastOrderAt', 'DESC'] as ['lastOrderAt', 'DESC'],
  filters: { q: 'string' } as const,
};
type CustomerSort = { field: (typeof CUSTOMER_LIST.sortable)[number]; order: 'ASC' | 'DESC' };

const PAID = 'r.paymentStatus NOT IN (:...unpaid)';
/** Each sort field as an aggregate of a customer's orders (`r`: the matching orders). */
const SORT_AGGREGATES: Record<CustomerSort['field'], string> = {
  lastOrderAt: 'MAX(r.createdAt)',
  firstOrderAt: 'MIN(r.createdAt)',
  email: 'r.email',
  orders: 'COUNT(*)',
  paidOrders: `SUM(CASE WHEN ${PAID} THEN 1 ELSE 0 END)`,
  spentCents: `SUM(CASE WHEN ${PAID} AND r.currency = :defaultCurrency THEN r.totalCents ELSE 0 END)`,
};

/** A page of the customers list: its addresses, and how many match (a lower bound when `capped`). */
interface CustomerPage {
  emails: string[];
  total: number;
  capped: boolean;
}

/**
 * The back office's customers: one per e-mail address that ordered, found by the address or its start,
 * and everything that belongs to one address, matched exactly in its canonical form (never a LIKE: a
 * look-alike address is another customer).
 */
@Injectable()
export class AdminCustomersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cipher: LicenseKeyCipher,
    private readonly audit: AuditService,
    private readonly account: AccountService,
  ) {}

  /**
   * With `q`, the customers whose address starts with it (IDX_orders_customerEmail, read index-only);
   * without, the customers of the latest RECENT_ORDERS_WINDOW orders (IDX_orders_createdAt). Newest
   * customer first either way.
   */
  async list(dto: ListQueryDto): Promise<ListPage<AdminCustomerRowDto>> {
    const { skip, take, filter, sort } = parseListQuery(dto, CUSTOMER_LIST);
    const term = filter.q?.trim();
    if (term !== undefined && term.length > 0 && term.length < MIN_SEARCH_LENGTH)
      throw new BadRequestException(
        `Type at least ${MIN_SEARCH_LENGTH} characters of the name or e-mail address to search`,
      );
    if (!term && (sort.field !== 'lastOrderAt' || sort.order !== 'DESC'))
      return this.recentSorted(sort, skip, take);
    const { emails, total, capped } = term
      ? await this.searchPage(term, sort, skip, take)
      : await this.recentPage(skip, take);
    const summaries = await this.summaries(emails);
    return { rows: emails.flatMap((email) => summaries.get(email) ?? []), skip, total, capped };
  }

  /**
   * The customers of the latest RECENT_ORDERS_WINDOW orders in another order than the newest first: each
   * one's figures are read (at most a thousand addresses) and sorted here, ties by address.
   */
  private async recentSorted(
    sort: CustomerSort,
    skip: number,
    take: number,
  ): Promise<ListPage<AdminCustomerRowDto>> {
    const { emails, capped } = await this.recentPage(0, RECENT_ORDERS_WINDOW);
    const rows = [...(await this.summaries(emails)).values()];
    const value = (row: AdminCustomerRowDto): number | string =>
      row[sort.field] instanceof Date
        ? (row[sort.field] as Date).getTime()
        : (row[sort.field] as number | string);
    const direction = sort.order === 'ASC' ? 1 : -1;
    rows.sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      return (x < y ? -1 : x > y ? 1 : 0) * direction || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0);
    });
    return { rows: rows.slice(skip, skip + take), skip, total: rows.length, capped };
  }

  /**
   * Everything of the customer at `email` (canonicalised): a customer is an address with orders (404
   * otherwise). Keys in full for admins, audited as license-keys.reveal; masked for support.
   */
  async get(rawEmail: string, actor: StaffUserDto): Promise<AdminCustomerDto> {
    const email = this.parseEmail(rawEmail);
    const [summary] = (await this.summaries([email])).values();
    const exact = <T>(rows: T[], address: (row: T) => string) => rows.filter((r) => address(r) === email);
    const [orders, emails, messages, reports] = await Promise.all([
      this.db.getRepository(Order).find({
        where: { customerEmail: email },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: CUSTOMER_ORDERS_LIMIT,
      }),
      // Recipients and contact addresses are stored canonical but compared by the column's collation
      // (case- and accent-insensitive on MySQL/MariaDB): kept only when byte for byte the same.
      this.db
        .getRepository(OutboxEmail)
        .find({ where: { to: email }, order: { createdAt: 'DESC' }, take: CUSTOMER_HISTORY_LIMIT })
        .then((rows) => exact(rows, (r) => r.to)),
      this.db
        .getRepository(Message)
        .find({ where: { email }, order: { createdAt: 'DESC' }, take: CUSTOMER_HISTORY_LIMIT })
        .then((rows) => exact(rows, (r) => r.email)),
      this.db
        .getRepository(KeyReport)
        .find({ where: { customerEmail: email }, order: { createdAt: 'DESC' }, take: CUSTOMER_HISTORY_LIMIT })
        .then((rows) => exact(rows, (r) => r.customerEmail)),
    ]);
    if (!summary) throw new NotFoundException(`No orders for ${email}`);
    const orderIds = orders.map((o) => o.id);
    const [keys, links, refunds] = orderIds.length
      ? await Promise.all([
          this.db
            .getRepository(LicenseKey)
            .find({ where: { orderId: In(orderIds) }, order: { assignedAt: 'DESC' } }),
          this.db
            .getRepository(DownloadLink)
            .find({ where: { orderId: In(orderIds) }, order: { createdAt: 'DESC' } }),
          this.db
            .getRepository(Refund)
            .find({ where: { orderId: In(orderIds) }, order: { createdAt: 'DESC' } }),
        ])
      : [[], [], []];
    const activations = keys.length
      ? await this.db.getRepository(LicenseActivation).find({
          where: { licenseKeyId: In(keys.map((k) => k.id)) },
          order: { createdAt: 'DESC' },
          take: CUSTOMER_HISTORY_LIMIT,
        })
      : [];
    const reveal = actor.role === 'admin';
    if (reveal && keys.length)
      await runInTransaction(this.db, (m) =>
        this.audit.record(m, actor, {
          action: 'license-keys.reveal',
          resource: 'customers',
          ...auditedCustomer(email),
          after: { email, licenseKeyIds: keys.map((k) => k.id) },
        }),
      );
    return {
      ...summary,
      orderList: orders.map((o) => ({
        id: o.id,
        createdAt: o.createdAt,
        status: o.status,
        paymentStatus: o.paymentStatus,
        currency: currencyOf(o),
        totalCents: o.totalCents,
        paidAt: o.paidAt,
        awaitingKeys: o.awaitingKeys,
      })),
      licenseKeys: keys.map((k) => ({
        id: k.id,
        orderId: k.orderId!,
        productId: k.productId,
        licenseKey: (reveal && this.cipher.readable(k)) || maskLicenseKey(k.keyLastGroup),
        status: k.status,
        activationCount: k.activationCount,
        activationLimit: k.activationLimit,
      })),
      downloads: links.map((l) => ({
        id: l.id,
        orderId: l.orderId,
        productId: l.productId,
        fileName: l.fileName,
        platform: l.platform,
        downloadCount: l.downloadCount,
        maxDownloads: l.maxDownloads,
        isActive: l.isActive,
        expiresAt: l.expiresAt,
        lastDownloadedAt: l.lastDownloadedAt,
      })),
      activations: activations.map(({ id, licenseKeyId, instanceId, createdAt }) => ({
        id,
        licenseKeyId,
        instanceId,
        createdAt,
      })),
      emails: emails.map(({ id, kind, subject, status, orderId, createdAt, sentAt }) => ({
        id,
        kind,
        subject,
        status,
        orderId,
        createdAt,
        sentAt,
      })),
      messages: messages.map(({ id, subject, status, createdAt }) => ({ id, subject, status, createdAt })),
      keyReports: reports.map(({ id, orderId, licenseKeyId, status, createdAt }) => ({
        id,
        orderId,
        licenseKeyId,
        status,
        createdAt,
      })),
      refunds: refunds.map((refund) => ({
        id: refund.id,
        orderId: refund.orderId,
        currency: currencyOf(refund),
        amountCents: refund.amountCents,
        status: refund.status,
        createdAt: refund.createdAt,
      })),
    };
  }

  /**
   * E-mails the customer the storefront's 30-minute sign-in link to their orders (AccountService), through
   * the outbox, audited. One a minute per address: a second click answers 429 rather than a second e-mail.
   */
  async sendAccessLink(rawEmail: string, actor: StaffUserDto): Promise<AccessLinkSentDto> {
    const email = this.parseEmail(rawEmail);
    if (!(await this.db.getRepository(Order).existsBy({ customerEmail: email })))
      throw new NotFoundException(`No orders for ${email}: an access link lists a customer's orders`);
    const recent = await this.db.getRepository(OutboxEmail).find({
      where: {
        to: email,
        kind: ACCESS_LINK_KIND,
        createdAt: MoreThan(new Date(Date.now() - ACCESS_LINK_INTERVAL_MS)),
      },
      take: 5,
    });
    if (recent.some((r) => r.to === email))
      throw new HttpException(
        'An access link was sent to this address less than a minute ago',
        HttpStatus.TOO_MANY_REQUESTS,
      );
    const emailId = await runInTransaction(this.db, async (m) => {
      const message = await this.account.queueAccessLink(m, email);
      await this.audit.record(m, actor, {
        action: 'customers.access-link',
        resource: 'customers',
        ...auditedCustomer(email),
        after: { email, emailId: message.id },
      });
      return message.id;
    });
    return { queued: true, emailId };
  }

  private parseEmail(raw: string): string {
    const email = canonicalEmail(raw);
    if (email.length > EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+$/.test(email))
      throw new BadRequestException('The customer must be named by an e-mail address');
    return email;
  }

  /**
   * The customers whose address, name or last name (on any of their orders) starts with `term`, in the
   * order asked (newest customer first by default): each condition is served by its own index
   * (IDX_orders_customerEmail, IDX_orders_customerName, IDX_orders_billingLastName), grouped and counted in
   * SQL.
   */
  private async searchPage(
    term: string,
    sort: CustomerSort,
    skip: number,
    take: number,
  ): Promise<CustomerPage> {
    const driver = this.db.options.type;
    const source = this.db
      .getRepository(Order)
      .createQueryBuilder('o')
      .select('o.customerEmail', 'email')
      .addSelect('o.createdAt', 'createdAt')
      .addSelect('o.totalCents', 'totalCents')
      .addSelect('o.currency', 'currency')
      .addSelect('o.paymentStatus', 'paymentStatus')
      .where(
        new Brackets((where) => {
          where
            // A whole address with an internationalised domain is stored with the domain in ASCII.
            .where(...startsWithLowercase(driver, 'o.customerEmail', canonicalEmail(term), 'q'))
            .orWhere(...startsWithText('o.customerName', term, 'name'))
            .orWhere(...startsWithText('o.billingLastName', term, 'lastName'));
        }),
      );
    const parameters = { ...source.getParameters(), unpaid: UNPAID, defaultCurrency: DEFAULT_CURRENCY };
    const grouped = () =>
      this.db
        .createQueryBuilder()
        .from(`(${source.getQuery()})`, 'r')
        .setParameters(parameters)
        .groupBy('r.email');
    const [page, counted] = await Promise.all([
      grouped()
        .select('r.email', 'email')
        .orderBy(SORT_AGGREGATES[sort.field], sort.order)
        .addOrderBy('r.email', sort.order)
        .offset(skip)
        .limit(take)
        .getRawMany<{ email: string }>(),
      this.db
        .createQueryBuilder()
        .select('COUNT(*)', 'n')
        .from(`(${grouped().select('r.email', 'email').getQuery()})`, 'c')
        .setParameters(parameters)
        .getRawOne<{ n: number | string }>(),
    ]);
    return { emails: page.map((row) => row.email), total: Number(counted?.n ?? 0), capped: false };
  }

  /**
   * The addresses of the latest RECENT_ORDERS_WINDOW orders, newest customer first, `capped` when older
   * orders exist. The window is read once (IDX_orders_createdAt, and one row more to tell) and grouped
   * here: its thousand short rows cost less than grouping and counting it in SQL, which reads it twice.
   */
  private async recentPage(skip: number, take: number): Promise<CustomerPage> {
    const window = await this.db
      .getRepository(Order)
      .createQueryBuilder('o')
      .select('o.customerEmail', 'email')
      .addSelect('o.createdAt', 'createdAt')
      .orderBy('o.createdAt', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .limit(RECENT_ORDERS_WINDOW + 1)
      .getRawMany<{ email: string; createdAt: Date | string }>();
    const latest = new Map<string, number>();
    for (const row of window.slice(0, RECENT_ORDERS_WINDOW)) {
      const at = rawDate(row.createdAt).getTime();
      latest.set(row.email, Math.max(latest.get(row.email) ?? at, at));
    }
    const emails = [...latest]
      .sort(([a, aAt], [b, bAt]) => bAt - aAt || (a < b ? 1 : a > b ? -1 : 0))
      .map(([email]) => email);
    return {
      emails: emails.slice(skip, skip + take),
      total: emails.length,
      capped: window.length > RECENT_ORDERS_WINDOW,
    };
  }

  /**
   * The name on each address's latest order: one statement per hundred addresses, a UNION of one-row
   * reads of IDX_orders_customerEmail, where a query per address costs a round trip each.
   */
  private async latestNames(emails: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (let start = 0; start < emails.length; start += NAMES_PER_STATEMENT) {
      const branches = emails.slice(start, start + NAMES_PER_STATEMENT).map((email, i) =>
        this.db
          .getRepository(Order)
          .createQueryBuilder('o')
          .select('o.customerEmail', 'email')
          .addSelect('o.customerName', 'name')
          .where(`o.customerEmail = :email${i}`, { [`email${i}`]: email })
          .orderBy('o.createdAt', 'DESC')
          .addOrderBy('o.id', 'DESC')
          .limit(1),
      );
      const rows = await this.db
        .createQueryBuilder()
        .select('n.email', 'email')
        .addSelect('n.name', 'name')
        .from(
          `(${branches.map((b, i) => `SELECT * FROM (${b.getQuery()}) latest${i}`).join(' UNION ALL ')})`,
          'n',
        )
        .setParameters(Object.assign({}, ...branches.map((b) => b.getParameters())) as ObjectLiteral)
        .getRawMany<{ email: string; name: string }>();
      for (const row of rows) names.set(row.email, row.name);
    }
    return names;
  }

  /**
   * Each address's order counts, money per currency and dates (their orders by IDX_orders_customerEmail),
   * and latest name.
   */
  private async summaries(emails: string[]): Promise<Map<string, AdminCustomerRowDto>> {
    if (!emails.length) return new Map();
    const paid = 'o.paymentStatus NOT IN (:...unpaid)';
    const [rows, names] = await Promise.all([
      this.db
        .getRepository(Order)
        .createQueryBuilder('o')
        .select('o.customerEmail', 'email')
        .addSelect('o.currency', 'currency')
        .addSelect('COUNT(*)', 'orders')
        .addSelect(`SUM(CASE WHEN ${paid} THEN 1 ELSE 0 END)`, 'paidOrders')
        .addSelect(`SUM(CASE WHEN ${paid} THEN o.totalCents ELSE 0 END)`, 'spentCents')
        .addSelect('MIN(o.createdAt)', 'firstOrderAt')
        .addSelect('MAX(o.createdAt)', 'lastOrderAt')
        .where('o.customerEmail IN (:...emails)', { emails, unpaid: UNPAID })
        .groupBy('o.customerEmail')
        .addGroupBy('o.currency')
        .getRawMany<Record<string, string | number | Date>>(),
      this.latestNames(emails),
    ]);
    const map = new Map<string, AdminCustomerRowDto>();
    for (const row of rows) {
      const email = String(row.email);
      const [first, last] = [
        rawDate(row.firstOrderAt as Date | string),
        rawDate(row.lastOrderAt as Date | string),
      ];
      const summary = map.get(email) ?? {
        id: email,
        email,
        name: names.get(email) ?? '',
        orders: 0,
        paidOrders: 0,
        spentCents: 0,
        spent: [],
        firstOrderAt: first,
        lastOrderAt: last,
      };
      const currency = currencyOf({ currency: String(row.currency) });
      const cents = Number(row.spentCents);
      summary.orders += Number(row.orders);
      summary.paidOrders += Number(row.paidOrders);
      if (currency === DEFAULT_CURRENCY) summary.spentCents += cents;
      // A replica of the release before #35 may still write `usd`: one currency, one amount.
      const spent = summary.spent.find((amount) => amount.currency === currency);
      if (spent) spent.cents += cents;
      else if (cents > 0) summary.spent.push({ currency, cents });
      if (first < summary.firstOrderAt) summary.firstOrderAt = first;
      if (last > summary.lastOrderAt) summary.lastOrderAt = last;
      map.set(email, summary);
    }
    for (const summary of map.values())
      summary.spent.sort((a, b) => compareCurrencies(a.currency, b.currency));
    return map;
  }
}

/** Addresses per statement of AdminCustomersService.latestNames (SQLite allows 500 terms in a UNION). */
const NAMES_PER_STATEMENT = 100;

/** The audit trail's resourceId holds 64 characters: a longer address is named in `after` only. */
function auditedCustomer(email: string): { resourceId: string | null } {
  return { resourceId: email.length <= 64 ? email : null };
}
