import { Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, Not, type DataSource, type EntityManager } from 'typeorm';
import { JWT_ALGORITHM, JWT_ISSUER } from '../auth/jwt.constants.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { downloadUrl, LINK_ORDER } from '../downloads/download-links.js';
import { DownloadLink } from '../downloads/entities/download-link.entity.js';
import { LicenseKey } from '../license-keys/entities/license-key.entity.js';
import { LicenseKeyCipher } from '../license-keys/license-key-cipher.js';
import { maskLicenseKey } from '../license-keys/mask.js';
import { OutboxService, type QueuedEmail } from '../emails/outbox.service.js';
import { Order } from '../orders/entities/order.entity.js';
import { UNPAID } from '../orders/order-process.js';
import { renderAccessLinkEmail } from './access-link-email.js';
import { ACCESS_LINK_KIND, ACCESS_LINK_REQUEST_KIND } from '../emails/access-link-limit.js';
import type { CreateKeyReportDto, CustomerKeyReportDto } from '../key-reports/dto/customer-key-report.dto.js';
import { KeyReportsService, reportRefusal, toCustomerReport } from '../key-reports/key-reports.service.js';
import type { AccessLinkResponseDto, CustomerOrderDto } from './dto/account.dto.js';
import {
  CUSTOMER_AUDIENCE,
  CUSTOMER_TOKEN_TTL_SECONDS,
  type CustomerTokenPayload,
} from './customer-token.js';
import { runInTransaction } from '../database/transactions.js';
import { WithdrawalService, withdrawalRefusal } from './withdrawal.service.js';
import { InvoicesService } from '../tax/invoices/invoices.service.js';

/** The same answer whether or not the address is known, so the form tells nobody who our customers are. */
export const ACCESS_LINK_ANSWER =
  'If this address has orders with us, a sign-in link is on its way. It works for 30 minutes.';

export { ACCESS_LINK_KIND, ACCESS_LINK_REQUEST_KIND } from '../emails/access-link-limit.js';

/** How many orders the account page lists, newest first. */
export const ACCOUNT_ORDERS_LIMIT = 50;

@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly cipher: LicenseKeyCipher,
    private readonly outbox: OutboxService,
    private readonly keyReports: KeyReportsService,
    private readonly withdrawal: WithdrawalService,
    private readonly invoices: InvoicesService,
  ) {}

  /**
   * The storefront's form: the link is queued for every address, without looking it up, so the request
   * does the same work and answers the same whether or not the address has orders, and whether or not it
   * reached its limit. The outbox decides when its turn comes (accessLinkVerdict): dropped for an address
   * without orders, withheld past the recipient's limit, sent otherwise.
   */
  async sendAccessLink(email: string): Promise<AccessLinkResponseDto> {
    await runInTransaction(this.db, (m) => this.queueAccessLink(m, email, ACCESS_LINK_REQUEST_KIND));
    return { message: ACCESS_LINK_ANSWER };
  }

  /**
   * Writes the e-mail with a 30-minute sign-in link to the orders of `email` (canonical) into the outbox,
   * in `m`'s transaction: the storefront's form and the back office's customer view send the same one,
   * under their own kinds.
   */
  async queueAccessLink(
    m: EntityManager,
    email: string,
    kind: typeof ACCESS_LINK_KIND | typeof ACCESS_LINK_REQUEST_KIND = ACCESS_LINK_KIND,
  ): Promise<QueuedEmail> {
    const payload: CustomerTokenPayload = { sub: email };
    const token = await this.jwt.signAsync(payload, {
      secret: this.config.jwtSecret,
      algorithm: JWT_ALGORITHM,
      issuer: JWT_ISSUER,
      audience: CUSTOMER_AUDIENCE,
      expiresIn: CUSTOMER_TOKEN_TTL_SECONDS,
    });
    const link = `${this.config.publicUrl}/account?token=${encodeURIComponent(token)}`;
    return this.outbox.enqueue(m, {
      kind,
      to: email,
      ...renderAccessLinkEmail(link, this.config.mail.supportEmail),
    });
  }

  /** The e-mail address a customer token was issued to; 401 when it is missing, tampered or expired. */
  async verify(authorization: string | undefined): Promise<string> {
    const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) throw new UnauthorizedException('A sign-in link is required');
    try {
      const payload = await this.jwt.verifyAsync<CustomerTokenPayload>(token, {
        secret: this.config.jwtSecret,
        algorithms: [JWT_ALGORITHM],
        issuer: JWT_ISSUER,
        audience: CUSTOMER_AUDIENCE,
      });
      if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no subject');
      // jsonwebtoken checks `exp` only when present: a token without one would never expire.
      if (typeof (payload as { exp?: unknown }).exp !== 'number') throw new Error('no expiry');
      return payload.sub;
    } catch {
      throw new UnauthorizedException(
        'This sign-in link has expired or is not valid. Please ask for a new one.',
      );
    }
  }

  /** A report that one of this customer's keys does not activate. */
  reportKey(email: string, dto: CreateKeyReportDto): Promise<CustomerKeyReportDto> {
    return this.keyReports.create(email, dto);
  }

  /** The customer's withdrawal from an undelivered order (WithdrawalService); answers the order as it now is. */
  async withdraw(email: string, orderId: string): Promise<CustomerOrderDto> {
    await this.withdrawal.withdraw(email, orderId);
    const [order] = await this.orders(email, orderId);
    return order!;
  }

  /** The customer's orders, newest first (or the one `orderId`). */
  async orders(email: string, orderId?: string): Promise<CustomerOrderDto[]> {
    const orders = await this.db.getRepository(Order).find({
      // Paid orders only (refunded ones too): a checkout left unpaid or replaced is not a purchase.
      where: { customerEmail: email, paymentStatus: Not(In(UNPAID)), ...(orderId && { id: orderId }) },
      order: { createdAt: 'DESC' },
      take: ACCOUNT_ORDERS_LIMIT,
    });
    const ids = orders.map((o) => o.id);
    const [keys, links, documents] = ids.length
      ? await Promise.all([
          this.db
            .getRepository(LicenseKey)
            .find({ where: { orderId: In(ids) }, order: { assignedAt: 'ASC' } }),
          this.db.getRepository(DownloadLink).find({ where: { orderId: In(ids) }, order: LINK_ORDER }),
          this.invoices.documentsOf(ids),
        ])
      : [[], [], []];
    const reports = await this.keyReports.latestOf(keys.map((k) => k.id));
    const now = new Date();
    return orders.map((order) => ({
      id: order.id,
      createdAt: order.createdAt,
      status: order.status,
      paymentStatus: order.paymentStatus,
      awaitingKeys: order.awaitingKeys,
      totalCents: order.totalCents,
      canWithdraw:
        withdrawalRefusal(
          order,
          keys.some((k) => k.orderId === order.id),
        ) === null,
      withdrawnAt: order.withdrawnAt,
      items: order.orderItems,
      // A held order's keys are reserved for it, not yet its customer's: shown once it is approved.
      licenseKeys: keys
        .filter((k) => k.orderId === order.id && order.status !== 'on_hold')
        .map((k) => {
          const licenseKey = this.cipher.readable(k);
          const report = reports.get(k.id);
          return {
            id: k.id,
            productId: k.productId,
            // A key whose stored ciphertext does not authenticate is never shown as whatever it decrypts
            // to: masked, and flagged so the page can send the customer to support.
            licenseKey: licenseKey ?? maskLicenseKey(k.keyLastGroup),
            available: licenseKey !== null,
            status: k.status,
            activationCount: k.activationCount,
            activationLimit: k.activationLimit,
            report: report ? toCustomerReport(report) : null,
            canReport: report?.status !== 'open' && reportRefusal(k, order, now) === null,
          };
        }),
      downloads: links
        .filter((l) => l.orderId === order.id)
        .map((l) => ({
          productId: l.productId,
          fileName: l.fileName,
          platform: l.platform,
          fileSize: l.fileSize,
          url: downloadUrl(this.config.publicUrl, l),
          downloadCount: l.downloadCount,
          maxDownloads: l.maxDownloads,
          expiresAt: l.expiresAt,
          isActive: l.isActive,
        })),
      invoiceNumber:
        documents.findLast((d) => d.orderId === order.id && d.kind === 'invoice')?.number ?? null,
      creditNotes: documents
        .filter((d) => d.orderId === order.id && d.kind === 'credit-note')
        .map(({ id, number, issuedAt, totalCents }) => ({ id, number, issuedAt, totalCents })),
    }));
  }

  /**
   * The PDF of one of this customer's orders' invoice, or of one of its credit notes: 404 for an order of
   * another address, as for one that does not exist, and while it has no invoice.
   */
  async documentPdf(email: string, orderId: string, creditNoteId?: string) {
    const own = await this.db.getRepository(Order).existsBy({ id: orderId, customerEmail: email });
    if (!own) throw new NotFoundException('No such order among your orders');
    return this.invoices.pdf(orderId, creditNoteId);
  }
}
