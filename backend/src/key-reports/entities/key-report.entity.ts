import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { EXACT } from '../../database/exact-collation.js';
import { LicenseKey } from '../../license-keys/entities/license-key.entity.js';
import { Order } from '../../orders/entities/order.entity.js';

/** `open` until staff replace the key (`replaced`) or answer the customer (`answered`); both are final. */
export const KEY_REPORT_STATUSES = ['open', 'replaced', 'answered'] as const;
export type KeyReportStatus = (typeof KEY_REPORT_STATUSES)[number];

/** The screenshot types a report accepts, by what the bytes are (see screenshot.ts), never by a declared type. */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ScreenshotType = (typeof SCREENSHOT_TYPES)[number];

/**
 * A customer's report that a licence key does not activate (POST /api/account/key-reports), worked by staff
 * in the back office's queue (/api/admin/key-reports). Its screenshot, if any, is in key_report_screenshots.
 */
@Entity('key_reports')
@Index('IDX_key_reports_status', ['status', 'createdAt', 'id'])
@Index('IDX_key_reports_createdAt', ['createdAt', 'id'])
@Index('IDX_key_reports_customerEmail', ['customerEmail'])
@Index('IDX_key_reports_orderId', ['orderId'])
@Index('IDX_key_reports_licenseKeyId', ['licenseKeyId'])
@Index('UQ_key_reports_openKeyId', ['openKeyId'], { unique: true })
export class KeyReport {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 36 })
  licenseKeyId: string;

  @ManyToOne(() => LicenseKey, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'licenseKeyId' })
  licenseKey?: LicenseKey;

  @Column({ type: 'varchar', length: 36 })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'orderId' })
  order?: Order;

  @Column({ type: 'varchar', length: 64 })
  productId: string;

  /** The order's address (canonical form), for the queue's search and the answer's e-mail. */
  @Column({ type: 'varchar', length: 254, ...EXACT })
  customerEmail: string;

  /** What the customer saw when the key did not activate. */
  @Column({ type: 'text' })
  errorMessage: string;

  /** The screenshot's type as sniffed from its bytes; null without one. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  screenshotType: ScreenshotType | null;

  @Column({ type: 'simple-enum', enum: KEY_REPORT_STATUSES, default: 'open' })
  status: KeyReportStatus;

  /**
   * The key while the report is open, null once it is resolved: its unique index lets a key have one open
   * report at a time, whatever the races (a second is refused by the database).
   */
  @Column({ type: 'varchar', length: 36, nullable: true })
  openKeyId: string | null;

  /** The key from stock that replaced the reported one. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  replacementKeyId: string | null;

  /** Staff's answer to the customer (status `answered`). */
  @Column({ type: 'text', nullable: true })
  answer: string | null;

  /** The staff member who replaced the key or answered, and when. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  resolvedBy: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  resolvedAt: Date | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;
}
