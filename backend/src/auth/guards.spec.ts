import { ForbiddenException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Public } from '../common/auth.decorators.js';
import { assertRole, StaffAccessGuard } from './guards.js';
import type { StaffUserDto } from '../common/staff-user.dto.js';

const flags = { mfaEnabled: false, mfaEnrolmentRequired: false };
const admin: StaffUserDto = { id: 1, username: 'owner', role: 'admin', ...flags };
const support: StaffUserDto = { id: 2, username: 'helper', role: 'support', ...flags };

describe('assertRole', () => {
  it('lets an admin use an admin-only route', () => {
    expect(() => assertRole(['admin'], admin)).not.toThrow();
  });

  it('answers 403 to support on an admin-only route', () => {
    expect(() => assertRole(['admin'], support)).toThrow(ForbiddenException);
  });

  it('answers 403 when no user was authenticated for a role-restricted route', () => {
    expect(() => assertRole(['admin'], undefined)).toThrow(ForbiddenException);
  });

  it('lets any signed-in staff member use a route without @Roles', () => {
    expect(() => assertRole(undefined, support)).not.toThrow();
    expect(() => assertRole([], support)).not.toThrow();
  });
});

class CatalogueEndpoints {
  @Public()
  list(): void {}
}

function contextFor(target: object, handler: () => void): ExecutionContext {
  return {
    getHandler: () => handler,
    getClass: () => target,
  } as unknown as ExecutionContext;
}

// Tokens and roles on real routes: test/admin-guard.e2e-spec.ts and the resilience token matrix.
describe('StaffAccessGuard', () => {
  const guard = new StaffAccessGuard(new Reflector());

  it('lets a @Public() route through at once, without a token', () => {
    expect(guard.canActivate(contextFor(CatalogueEndpoints, new CatalogueEndpoints().list))).toBe(true);
  });
});
