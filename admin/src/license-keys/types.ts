/* The back office's licence keys as the API answers them: the generated contract's types (`npm run contract`). */
import type { AdminLicenseKey } from '@store/contracts';

export { LICENSE_KEY_STATUSES } from '@store/contracts';
export type { LicenseKeyStatus } from '@store/contracts';

/** A row of `GET /api/admin/license-keys`; `orderId` null: in the inventory, not sold yet. */
export type LicenseKey = AdminLicenseKey;
