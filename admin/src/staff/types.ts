/** A row of `GET /api/admin/users`. */
export interface StaffMember {
  id: number;
  username: string;
  role: string;
  mfaEnabled: boolean;
  createdAt: string;
}
