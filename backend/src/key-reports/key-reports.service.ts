import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { CatalogService } from '../catalog/catalog.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { isUniqueViolation } from '../database/errors.js';
import { OutboxService } from '../emails/outbox.service.js';
import { runInTransaction } from '../database/transactions.js';
import { LicenseKey } from '../license-keys/entities/license-key.entity.js';
import type { Order } from '../orders/entities/order.entity.js';
import { deliveryBlock } from '../orders/order-process.js';
import type { CreateKeyReportDto, CustomerKeyReportDto } from './dto/customer-key-report.dto.js';
import { KeyReportScreenshot, SCREENSHOT_PART_BYTES } from './entities/key-report-screenshot.entity.js';
import { KeyReport, type ScreenshotType } from './entities/key-report.entity.js';
import { renderKeyReportAlert } from './key-report-alert.js';
import { decodeScreenshot } from './screenshot.js';

/** The seller-support window (the spec: "Seller support 30 days from purchase"). */
export const SELLER_SUPPORT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const KEY_NOT_FOUND = 'License key not found';
export const REPORT_ALREADY_OPEN = 'This licence key already has an open report: we will be in touch';

/**
 * Why this key of this order cannot be reported now (a 409), or null: the one rule, for the report itself
 * and for the licence page's offer. Only a working key of a paid order, within the seller-support window
 * from the payment. (One open report per key is the database's: UQ_key_reports_openKeyId.)
 */
export function reportRefusal(
  key: Pick<LicenseKey, 'status'>,
  order: Pick<Order, 'status' | 'paymentStatus' | 'refundDue' | 'paidAt' | 'createdAt'>,
  now: Date,
): string | null {
  if (deliveryBlock(order)) return 'Only the keys of a paid order can be reported';
  if (key.status === 'faulty') return 'This licence key was replaced: use its replacement';
  if (key.status !== 'active') return `This licence key is ${key.status}: it cannot be reported`;
  const paidAt = order.paidAt ?? order.createdAt;
  if (now.getTime() - paidAt.getTime() > SELLER_SUPPORT_DAYS * DAY_MS)
    return `Keys can be reported within ${SELLER_SUPPORT_DAYS} days of purchase; please contact support`;
  return null;
}

export function toCustomerReport(report: KeyReport): CustomerKeyReportDto {
  return {
    id: report.id,
    status: report.status,
    createdAt: report.createdAt,
    answer: report.answer,
    resolvedAt: report.resolvedAt,
  };
}

/** Customers' reports of keys that do not activate: made from the licence page, worked in the back office. */
@Injectable()
export class KeyReportsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly catalog: CatalogService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'mail' | 'publicUrl'>,
  ) {}

  /**
   * A report by the customer `email` (from their access token) of one of their keys. Another customer's
   * key, or an unknown one, is a 404; a key that may not be reported a 409 (reportRefusal), as is a second
   * open report of a key, however close together the two arrive. Staff are alerted (STAFF_ALERT_EMAIL).
   */
  async create(email: string, dto: CreateKeyReportDto): Promise<CustomerKeyReportDto> {
    const screenshot = dto.screenshot === undefined ? null : decodeScreenshot(dto.screenshot);
    try {
      return await runInTransaction(this.db, async (m) => {
        const key = await m.findOne(LicenseKey, {
          where: { id: dto.licenseKeyId },
          relations: { order: true },
        });
        if (!key?.order || key.order.customerEmail !== email) throw new NotFoundException(KEY_NOT_FOUND);
        const refusal = reportRefusal(key, key.order, new Date());
        if (refusal) throw new ConflictException(refusal);
        if (await m.existsBy(KeyReport, { openKeyId: key.id }))
          throw new ConflictException(REPORT_ALREADY_OPEN);
        const report = await m.save(
          KeyReport,
          m.create(KeyReport, {
            licenseKeyId: key.id,
            orderId: key.order.id,
            productId: key.productId,
            customerEmail: email,
            errorMessage: dto.errorMessage,
            screenshotType: screenshot?.type ?? null,
            status: 'open',
            openKeyId: key.id,
          }),
        );
        if (screenshot) await this.storeScreenshot(m, report.id, screenshot.bytes);
        // Staff are told at once (STAFF_ALERT_EMAIL), in the report's transaction.
        const product = this.catalog.find(report.productId)?.title ?? report.productId;
        await this.outbox.enqueue(m, {
          kind: 'key-report-alert',
          to: this.config.mail.staffAlertEmail,
          orderId: report.orderId,
          audience: 'staff',
          ...renderKeyReportAlert(report, product, this.config.publicUrl),
        });
        return toCustomerReport(report);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(REPORT_ALREADY_OPEN);
      throw error;
    }
  }

  /** The latest report of each of these keys, by key id. */
  async latestOf(keyIds: string[]): Promise<Map<string, KeyReport>> {
    const reports = keyIds.length
      ? await this.db.getRepository(KeyReport).find({
          where: { licenseKeyId: In(keyIds) },
          order: { createdAt: 'DESC', id: 'DESC' },
        })
      : [];
    const latest = new Map<string, KeyReport>();
    for (const report of reports)
      if (!latest.has(report.licenseKeyId)) latest.set(report.licenseKeyId, report);
    return latest;
  }

  /** A report's screenshot, its parts joined; null without one. */
  async screenshotOf(report: KeyReport): Promise<{ type: ScreenshotType; bytes: Buffer } | null> {
    if (!report.screenshotType) return null;
    const parts = await this.db
      .getRepository(KeyReportScreenshot)
      .find({ where: { reportId: report.id }, order: { part: 'ASC' } });
    return { type: report.screenshotType, bytes: Buffer.concat(parts.map((p) => p.bytes)) };
  }

  private async storeScreenshot(m: EntityManager, reportId: number, bytes: Buffer): Promise<void> {
    const parts: KeyReportScreenshot[] = [];
    for (let offset = 0, part = 0; offset < bytes.length; offset += SCREENSHOT_PART_BYTES, part++)
      parts.push({ reportId, part, bytes: bytes.subarray(offset, offset + SCREENSHOT_PART_BYTES) });
    // A few rows per statement: one INSERT of 2 MB could pass max_allowed_packet on a small server.
    for (let i = 0; i < parts.length; i += 8)
      await m
        .createQueryBuilder()
        .insert()
        .into(KeyReportScreenshot)
        .values(parts.slice(i, i + 8))
        .updateEntity(false)
        .execute();
  }
}
