import { ForbiddenException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Roles } from '../common/auth.decorators.js';
import type { StaffUserDto } from './dto/login.dto.js';
import { RolesGuard } from './guards.js';

class OrdersEndpoints {
  @Roles('admin')
  update(): void {}

  list(): void {}
}

@Roles('admin')
class StaffEndpoints {
  create(): void {}
}

function contextFor(target: object, handler: () => void, user?: StaffUserDto): ExecutionContext {
  return {
    getHandler: () => handler,
    getClass: () => target,
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  } as unknown as ExecutionContext;
}

const guard = new RolesGuard(new Reflector());
const admin: StaffUserDto = { id: 1, username: 'owner', role: 'admin' };
const support: StaffUserDto = { id: 2, username: 'helper', role: 'support' };

describe('RolesGuard', () => {
  const orders = new OrdersEndpoints();
  const staff = new StaffEndpoints();

  it('lets an admin use an admin-only route', () => {
    expect(guard.canActivate(contextFor(OrdersEndpoints, orders.update, admin))).toBe(true);
    expect(guard.canActivate(contextFor(StaffEndpoints, staff.create, admin))).toBe(true);
  });

  it('answers 403 to support on an admin-only route, set on the method or on the controller', () => {
    expect(() => guard.canActivate(contextFor(OrdersEndpoints, orders.update, support))).toThrow(
      ForbiddenException,
    );
    expect(() => guard.canActivate(contextFor(StaffEndpoints, staff.create, support))).toThrow(
      ForbiddenException,
    );
  });

  it('answers 403 when no user was authenticated for a role-restricted route', () => {
    expect(() => guard.canActivate(contextFor(OrdersEndpoints, orders.update))).toThrow(ForbiddenException);
  });

  it('lets any signed-in staff member use a route without @Roles', () => {
    expect(guard.canActivate(contextFor(OrdersEndpoints, orders.list, support))).toBe(true);
  });
});
