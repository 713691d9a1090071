import {
  applyDecorators,
  Controller,
  createParamDecorator,
  SetMetadata,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { StaffUserDto } from './staff-user.dto.js';
import type { StaffRole } from './staff-user.dto.js';

export const IS_PUBLIC = 'isPublic';
/** Opens a route to anonymous callers. Every other route needs a valid admin token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const ROLES = 'roles';
/** Restricts a route to staff with one of these roles (any signed-in staff member when absent). */
export const Roles = (...roles: StaffRole[]) => SetMetadata(ROLES, roles);

export const DURING_MFA_ENROLMENT = 'duringMfaEnrolment';
/**
 * Lets staff who must still set up two-factor authentication (STAFF_MFA_REQUIRED) call this route;
 * every other route answers them 403.
 */
export const AllowDuringMfaEnrolment = () => SetMetadata(DURING_MFA_ENROLMENT, true);

/** The signed-in staff member of a guarded route (set by the JWT strategy). */
export const Staff = createParamDecorator(
  (_data: unknown, context: ExecutionContext): StaffUserDto =>
    context.switchToHttp().getRequest<{ user: StaffUserDto }>().user,
);

/** A back-office controller at `/api/admin/<path>`: staff token required, documented with the bearer scheme. */
export const AdminController = (path: string, tag: string) =>
  applyDecorators(ApiTags(tag), ApiBearerAuth(), ApiUnauthorizedResponse(), Controller(`admin/${path}`));
