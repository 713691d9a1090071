import { describe, expect, it } from 'vitest';
import { validateDownload } from './DownloadCreateDialog';

describe('the Create Download form', () => {
  const valid = {
    orderId: 'o',
    productId: 'p',
    fileName: 'OfficeSetup.exe',
    fileUrl: 'https://example.com/setup.exe',
    fileSize: '',
    maxDownloads: '5',
  };

  it('accepts a complete form with no size', () => {
    expect(validateDownload(valid)).toEqual({});
  });

  it("answers the spec's messages", () => {
    expect(
      validateDownload({
        orderId: '',
        productId: '',
        fileName: '',
        fileUrl: 'ftp://x',
        fileSize: '',
        maxDownloads: '0',
      }),
    ).toEqual({
      orderId: 'Order ID is required',
      productId: 'Product ID is required',
      fileName: 'File name is required',
      fileUrl: 'Must be a valid URL',
      maxDownloads: 'Max downloads must be at least 1',
    });
    expect(validateDownload({ ...valid, fileUrl: 'not a url' }).fileUrl).toBe('Must be a valid URL');
  });
});
