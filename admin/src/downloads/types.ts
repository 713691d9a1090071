/** A row of `GET /api/admin/downloads`. */
export interface DownloadLink {
  id: string;
  orderId: string;
  productId: string;
  fileName: string;
  fileUrl: string;
  fileSize: string | null;
  maxDownloads: number;
  downloadCount: number;
  isActive: boolean;
  createdAt: string;
  expiresAt: string | null;
}
