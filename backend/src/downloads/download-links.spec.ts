import { DOWNLOAD_LINK_DAYS, DOWNLOADS_PER_LINK, downloadUrl, newDownloadLink } from './download-links.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const FOR = {
  orderId: 'order-1',
  productId: 'office-2024-standard',
  fileName: 'setup.exe',
  fileUrl: 'https://example.com/setup.exe',
  fileSize: '2.1 GB',
};

describe('newDownloadLink', () => {
  it('makes an active, unused link with its own unguessable token, valid for DOWNLOAD_LINK_DAYS', () => {
    const before = Date.now();
    const link = newDownloadLink({ ...FOR, maxDownloads: undefined });
    expect(link).toMatchObject({
      ...FOR,
      maxDownloads: DOWNLOADS_PER_LINK,
      downloadCount: 0,
      isActive: true,
    });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newDownloadLink(FOR).token).not.toBe(link.token);
    const expires = link.expiresAt!.getTime();
    expect(expires).toBeGreaterThanOrEqual(before + DOWNLOAD_LINK_DAYS * DAY_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + DOWNLOAD_LINK_DAYS * DAY_MS);
    // The database stamps createdAt unless a fixture dates the link.
    expect('createdAt' in link).toBe(false);
  });

  it('counts the expiry from a fixture’s own date and keeps the limits it is given', () => {
    const createdAt = new Date('2025-01-01T00:00:00.000Z');
    const link = newDownloadLink({ ...FOR, maxDownloads: 2, downloadCount: 1, isActive: false, createdAt });
    expect(link).toMatchObject({ maxDownloads: 2, downloadCount: 1, isActive: false, createdAt });
    expect(link.expiresAt).toEqual(new Date(createdAt.getTime() + DOWNLOAD_LINK_DAYS * DAY_MS));
  });
});

describe('downloadUrl', () => {
  it('is the public address of the download route', () => {
    expect(downloadUrl('https://shop.example', { token: 'abc' })).toBe(
      'https://shop.example/api/downloads/abc',
    );
  });
});
