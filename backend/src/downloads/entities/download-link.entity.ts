import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { EXACT } from '../../database/exact-collation.js';
import { UuidEntity } from '../../database/uuid-entity.js';
import { Product, type Platform } from '../../catalog/entities/product.entity.js';
import { Order } from '../../orders/entities/order.entity.js';

/** A customer's link to an installer, reached through `/api/downloads/<token>`. */
@Entity('download_links')
@Index('IDX_download_links_orderId', ['orderId'])
@Index('IDX_download_links_productId', ['productId'])
@Index('IDX_download_links_createdAt', ['createdAt', 'id'])
@Index('IDX_download_links_downloadCount', ['downloadCount', 'createdAt', 'id'])
@Index('IDX_download_links_fileName', ['fileName', 'createdAt', 'id'])
@Index('UQ_download_links_token', ['token'], { unique: true })
export class DownloadLink extends UuidEntity {
  @Column({ type: 'varchar', length: 36 })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orderId' })
  order?: Order;

  @Column({ type: 'varchar', length: 64 })
  productId: string;

  @ManyToOne(() => Product, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'productId' })
  product?: Product;

  @Column({ type: 'varchar', length: 255 })
  fileName: string;

  /** Which system the file installs on (an edition for Windows and Mac has a link for each). */
  @Column({ type: 'varchar', length: 16, default: 'Windows' })
  platform: Platform;

  @Column({ type: 'varchar', length: 2048 })
  fileUrl: string;

  /** Free text such as "2.1 GB". */
  @Column({ type: 'varchar', length: 32, nullable: true })
  fileSize: string | null;

  @Column({ type: 'int', default: 5 })
  maxDownloads: number;

  @Column({ type: 'int', default: 0 })
  downloadCount: number;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  /** Unguessable token in the customer's download URL. */
  @Column({ type: 'varchar', length: 64, ...EXACT })
  token: string;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  expiresAt: Date | null;

  /** When the customer last downloaded through it (null: never, or before this was recorded). */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  lastDownloadedAt: Date | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;
}
