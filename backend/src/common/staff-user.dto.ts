import { ApiProperty } from '@nestjs/swagger';

/** What a staff member may do: `admin` everything, `support` reads and resends mail. */
export const STAFF_ROLES = ['admin', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The signed-in staff member, as guards, decorators and every service acting for staff see them. */
export class StaffUserDto {
  @ApiProperty({ example: 1 })
  id: number;

  @ApiProperty({ example: 'admin' })
  username: string;

  @ApiProperty({ enum: STAFF_ROLES, enumName: 'StaffRole' })
  role: StaffRole;

  @ApiProperty({ description: 'Sign-in asks for a TOTP code after the password' })
  mfaEnabled: boolean;

  @ApiProperty({
    description:
      'STAFF_MFA_REQUIRED is on and this user has no two-factor authentication yet: the token may only ' +
      'read /api/admin/me, sign out and set it up (everything else is a 403)',
  })
  mfaEnrolmentRequired: boolean;
}
