import { GoneException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DownloadLink } from './entities/download-link.entity.js';

export const DOWNLOAD_NOT_FOUND = 'Download link not found';
export const DOWNLOAD_DEACTIVATED = 'This download link has been deactivated';
export const DOWNLOAD_EXPIRED = 'This download link has expired';
export const DOWNLOAD_LIMIT_REACHED = 'This download link has reached its download limit';

/**
 * Customers' downloads through `/api/downloads/<token>`: checked, counted, then redirected to the file. Only
 * a GET from a person counts (consume); a HEAD or a link scanner's request is answered alike (peek).
 */
@Injectable()
export class DownloadsService {
  constructor(@InjectRepository(DownloadLink) private readonly links: Repository<DownloadLink>) {}

  /**
   * Counts one download of a usable link and answers its file URL; 404 for an unknown token, 410 with the
   * reason for a link that may no longer be used. The count is taken by one conditional UPDATE, so
   * concurrent requests can never go past `maxDownloads`.
   */
  async consume(token: string): Promise<string> {
    const link = await this.usable(token);
    const now = new Date();
    const counted = await this.links
      .createQueryBuilder()
      .update(DownloadLink)
      .set({ downloadCount: () => 'downloadCount + 1', lastDownloadedAt: now })
      .where('id = :id', { id: link.id })
      .andWhere('isActive = :active', { active: true })
      .andWhere('downloadCount < maxDownloads')
      .andWhere('(expiresAt IS NULL OR expiresAt > :now)', { now })
      .execute();
    if (!counted.affected) {
      // Changed since it was read (most often: concurrent downloads took the last ones).
      const current = await this.links.findOneBy({ id: link.id });
      if (!current) throw new NotFoundException(DOWNLOAD_NOT_FOUND);
      assertUsable(current, now);
      throw new GoneException(DOWNLOAD_LIMIT_REACHED);
    }
    return link.fileUrl;
  }

  /**
   * The file URL of a usable link, as consume answers it, without counting: for a HEAD request or a link
   * scanner (link-scanners.ts). The same 404 and 410s.
   */
  async peek(token: string): Promise<string> {
    return (await this.usable(token)).fileUrl;
  }

  private async usable(token: string): Promise<DownloadLink> {
    const link = await this.links.findOneBy({ token });
    if (!link) throw new NotFoundException(DOWNLOAD_NOT_FOUND);
    assertUsable(link, new Date());
    return link;
  }
}

function assertUsable(link: DownloadLink, now: Date): void {
  if (!link.isActive) throw new GoneException(DOWNLOAD_DEACTIVATED);
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) throw new GoneException(DOWNLOAD_EXPIRED);
  if (link.downloadCount >= link.maxDownloads) throw new GoneException(DOWNLOAD_LIMIT_REACHED);
}
