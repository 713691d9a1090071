import { randomBytes, randomUUID } from 'node:crypto';
import type { Platform } from '../catalog/entities/product.entity.js';
import type { DownloadLink } from './entities/download-link.entity.js';

/** How long a download link works, from when it is made. */
export const DOWNLOAD_LINK_DAYS = 30;
/** How many downloads a link allows unless staff choose otherwise. */
export const DOWNLOADS_PER_LINK = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a new link is for; the rest (id, token, expiry, counters) is decided here. */
export interface DownloadLinkFields {
  orderId: string;
  productId: string;
  fileName: string;
  fileUrl: string;
  fileSize: string | null;
  /** Windows unless said otherwise. */
  platform?: Platform;
  maxDownloads?: number;
  /** Bulk fixtures only: links made in the past (otherwise the database stamps the row). */
  createdAt?: Date;
  downloadCount?: number;
  isActive?: boolean;
}

/**
 * A new download link, ready to insert: its own id and unguessable token, valid for DOWNLOAD_LINK_DAYS from
 * `createdAt` (now by default). The one place links are made (fulfilment, the back office, bulk fixtures).
 */
export function newDownloadLink(fields: DownloadLinkFields): DownloadLink {
  const { platform, maxDownloads, downloadCount, isActive, createdAt, ...link } = fields;
  return {
    ...link,
    platform: platform ?? 'Windows',
    id: randomUUID(),
    maxDownloads: maxDownloads ?? DOWNLOADS_PER_LINK,
    downloadCount: downloadCount ?? 0,
    isActive: isActive ?? true,
    token: randomBytes(24).toString('base64url'),
    expiresAt: new Date((createdAt ?? new Date()).getTime() + DOWNLOAD_LINK_DAYS * DAY_MS),
    ...(createdAt && { createdAt }),
  } as DownloadLink;
}

/** An order's links as they are listed: oldest first, a product's Windows link before its Mac one. */
export const LINK_ORDER = { createdAt: 'ASC', productId: 'ASC', platform: 'DESC' } as const;

/** The customer's address of a link: what the delivery e-mail and the account page show. */
export function downloadUrl(publicUrl: string, link: Pick<DownloadLink, 'token'>): string {
  return `${publicUrl}/api/downloads/${link.token}`;
}
