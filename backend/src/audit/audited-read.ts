import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { from, switchMap, type Observable } from 'rxjs';
import type { StaffUserDto } from '../common/staff-user.dto.js';
import { AuditService } from './audit.service.js';

const AUDITED_READ = 'audited-read';

/** ra-data-simple-rest's query parameters that carry JSON: kept in the entry as what they say. */
const JSON_PARAMETERS = new Set(['filter', 'sort', 'range']);

/** The audit trail's resourceId holds 64 characters: a longer one is named in `after` only. */
const RESOURCE_ID_LENGTH = 64;

interface Request {
  ip?: string;
  user?: StaffUserDto;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
}

function parsed(name: string, value: unknown): unknown {
  if (!JSON_PARAMETERS.has(name) || typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * Records an audited read once its handler has answered (a refused or failed read records nothing): who,
 * from which client address, what (the route's `id` or `email` as resourceId, its other parameters and
 * the query), before a byte of the answer is sent.
 */
@Injectable()
class AuditedReadInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const action = this.reflector.get<string>(AUDITED_READ, context.getHandler());
    const request = context.switchToHttp().getRequest<Request>();
    return next
      .handle()
      .pipe(switchMap((answer: unknown) => from(this.record(action, request).then(() => answer))));
  }

  private async record(action: string, { ip, user, params = {}, query = {} }: Request): Promise<void> {
    const { id, email, ...others } = params;
    const named = id ?? email ?? null;
    const resourceId = named !== null && named.length <= RESOURCE_ID_LENGTH ? named : null;
    const after: Record<string, unknown> = { address: ip ?? null };
    if (named !== null && resourceId === null) after[id === undefined ? 'email' : 'id'] = named;
    Object.assign(after, others);
    for (const [name, value] of Object.entries(query)) after[name] = parsed(name, value);
    await this.audit.record(this.db.manager, user!, {
      action,
      resource: action.slice(0, action.indexOf('.')),
      resourceId,
      after,
    });
  }
}

/**
 * A read of personal data (a list or export of people, a customer, a document): recorded in the audit
 * trail as `action` (`<resource>.<what>`, e.g. `customers.read`), with the reader's client address. The
 * one way reads are audited; the module of the controller imports AuditModule.
 */
export function AuditedRead(action: string): MethodDecorator {
  return applyDecorators(SetMetadata(AUDITED_READ, action), UseInterceptors(AuditedReadInterceptor));
}
