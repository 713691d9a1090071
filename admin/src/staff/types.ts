/* The back office's staff as the API answers them: the generated contract's types (`npm run contract`). */
import type { components } from '@store/contracts';

/** A row of `GET /api/admin/staff` (the contract has no friendly name for it). */
export type StaffMember = components['schemas']['AdminStaffMemberDto'];
