import {
  StreamableFile,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { StaffUserDto } from './staff-user.dto.js';

/**
 * What the store pays for keys and what it earns on them: admins alone read these, whichever answer
 * (or audit entry inside one) carries them. The one rule for what support staff may see of costs.
 */
export const COST_FIELDS: ReadonlySet<string> = new Set([
  'costCents',
  'costPerKeyCents',
  'keyCostCents',
  'marginCents',
]);

/** Whether `reader` may read COST_FIELDS: admins only (support staff, and anyone not signed in, may not). */
export const readsCosts = (reader: Pick<StaffUserDto, 'role'> | null | undefined): boolean =>
  reader?.role === 'admin';

/** Objects answered as they are: files and streams, and values with their own JSON form (dates). */
function opaque(value: object): boolean {
  return (
    value instanceof StreamableFile ||
    ArrayBuffer.isView(value) ||
    typeof (value as { pipe?: unknown }).pipe === 'function' ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  );
}

/**
 * `value` without COST_FIELDS at any depth (audit entries' `before`/`after` included). What holds none is
 * answered as it is (the same objects); what holds some is copied, never changed in place.
 */
export function withoutCosts<T>(value: T): T {
  if (value === null || typeof value !== 'object' || opaque(value)) return value;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => withoutCosts(item));
    return (items.some((item, index) => item !== value[index]) ? items : value) as T;
  }
  let copy: Record<string, unknown> | null = null;
  for (const [key, field] of Object.entries(value)) {
    const kept = COST_FIELDS.has(key) ? undefined : withoutCosts(field);
    if (kept === field) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    if (COST_FIELDS.has(key)) delete copy[key];
    else copy[key] = kept;
  }
  return (copy ?? value) as T;
}

/** Applies the rule to every answer: for any reader but an admin, COST_FIELDS are left out. */
export class CostFieldsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reader = context.switchToHttp().getRequest<{ user?: StaffUserDto }>().user;
    return readsCosts(reader) ? next.handle() : next.handle().pipe(map((answer) => withoutCosts(answer)));
  }
}
