import { SetMetadata } from '@nestjs/common';
import type { AdminRole } from '../auth/entities/admin-user.entity.js';

export const IS_PUBLIC = 'isPublic';
/** Opens a route to anonymous callers. Every other route needs a valid admin token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const ROLES = 'roles';
/** Restricts a route to staff with one of these roles (any signed-in staff member when absent). */
export const Roles = (...roles: AdminRole[]) => SetMetadata(ROLES, roles);
