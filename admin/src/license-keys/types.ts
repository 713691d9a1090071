/** A row of `GET /api/admin/license-keys`. */
export interface LicenseKey {
  id: string;
  /** null: in the inventory, not sold yet. */
  orderId: string | null;
  productId: string;
  licenseKey: string;
  activationCount: number;
  activationLimit: number;
  status: 'active' | 'revoked' | 'expired';
  createdAt: string;
}
