import { Column, Entity, PrimaryColumn } from 'typeorm';

export interface IncludedApp {
  name: string;
  icon: string;
}

export const PLATFORMS = ['Windows', 'Mac'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** A catalogue edition. Content is fixed and seeded from `catalog/catalog.data.ts` by catalogue version. */
@Entity('products')
export class Product {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 200 })
  subtitle: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'simple-json' })
  includedApps: IncludedApp[];

  @Column({ type: 'simple-json' })
  compatibility: Platform[];

  /**
   * Deprecated (#34): a fixed "Only 32 licenses left!" that never matched the stock. The catalogue writes ''
   * and the API answers '' (the column stays for older builds); the stock level is the key inventory's.
   */
  @Column({ type: 'varchar', length: 100 })
  licensesLeft: string;

  @Column({ type: 'int' })
  originalPriceCents: number;

  @Column({ type: 'int' })
  currentPriceCents: number;

  /**
   * Where originalPriceCents comes from, e.g. "Microsoft Store (US) list price, checked 2026-11-01"; null: no
   * stated source, so the storefront shows no list price, no strike-through and no saving.
   */
  @Column({ type: 'varchar', length: 300, nullable: true })
  listPriceSource: string | null;

  /** Display text ("80%"), as the catalogue states it. */
  @Column({ type: 'varchar', length: 20 })
  savings: string;

  @Column({ type: 'int', default: 0 })
  sortOrder: number;

  /** The installer each download link of this product points to. Not part of the public API. */
  @Column({ type: 'varchar', length: 255, default: '' })
  installerFileName: string;

  @Column({ type: 'varchar', length: 2048, default: '' })
  installerUrl: string;

  /** Free text such as "4.2 GB". */
  @Column({ type: 'varchar', length: 32, nullable: true })
  installerSize: string | null;

  /** The Mac installer, for an edition that runs on a Mac: a second download link beside the Windows one. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  macInstallerFileName: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  macInstallerUrl: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  macInstallerSize: string | null;

  /** The CATALOG_VERSION this row was written from; a build with an older one never overwrites it. */
  @Column({ type: 'int', default: 0 })
  catalogVersion: number;
}
