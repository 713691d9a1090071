import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { KeyReport } from './key-report.entity.js';

/**
 * One part of a report's screenshot, in order. A screenshot (up to 2 MB) is stored in parts of at most
 * SCREENSHOT_PART_BYTES because a BLOB holds 64 KB on MySQL/MariaDB, and a MEDIUMBLOB there would make the
 * entity differ by driver (SQLite knows only BLOB). Kept apart from key_reports so no list reads it.
 */
@Entity('key_report_screenshots')
export class KeyReportScreenshot {
  @PrimaryColumn({ type: 'int' })
  reportId: number;

  @ManyToOne(() => KeyReport, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reportId' })
  report?: KeyReport;

  @PrimaryColumn({ type: 'int' })
  part: number;

  @Column({ type: 'blob' })
  bytes: Buffer;
}

/** Under MySQL's BLOB limit (65,535 bytes). */
export const SCREENSHOT_PART_BYTES = 60_000;
