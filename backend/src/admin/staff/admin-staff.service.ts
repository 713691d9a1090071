import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { fetchPage, sortList } from '../../database/list-page.js';
import {
  escapeLike,
  LIKE_ESCAPE,
  parseListQuery,
  type ListQueryDto,
  type ListPage,
} from '../../common/list-query.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { isUniqueViolation } from '../../database/errors.js';
import { forUpdate, runInTransaction } from '../../database/transactions.js';
import {
  AdminStaffMemberDto,
  type CreatedStaffMemberDto,
  type CreateStaffMemberDto,
  type EnrolmentCodeDto,
  type UpdateStaffMemberDto,
} from './dto/admin-staff.dto.js';
import { MfaService, type EnrolmentCode } from '../../auth/mfa.service.js';
import { OutboxService } from '../../emails/outbox.service.js';
import { queueStaffSecurityNotice, type StaffSecurityChange } from '../../staff/security-notices.js';
import { StaffMember } from '../../staff/entities/staff-member.entity.js';
import { RecoveryCode } from '../../staff/entities/recovery-code.entity.js';
import { assertStrongPassword } from '../../common/password-strength.js';
import { hashPassword } from '../../staff/passwords.js';
import { canonicalUsername } from '../../common/username.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { STAFF_ROLES } from '../../common/staff-user.dto.js';

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const USER_LIST = {
  sortable: ['username', 'createdAt', 'role', 'lastSignInAt'] as const,
  defaultSort: ['username', 'ASC'] as ['username', 'ASC'],
  filters: { q: 'string', role: 'string', active: 'boolean' } as const,
};

export const LAST_ADMIN_MESSAGE = 'At least one administrator must remain';
export const DELETE_SELF_MESSAGE = 'You cannot delete your own account';
export const DEACTIVATE_SELF_MESSAGE = 'You cannot deactivate your own account';
export const LAST_ACTIVE_ADMIN_MESSAGE = 'At least one active administrator must remain';

/**
 * Staff accounts, managed by administrators. Changing a user's role or password ends their sessions
 * (tokenVersion is bumped, as on sign-out); the last administrator can be neither deleted nor demoted.
 * Every change is audited in its own transaction, without the password.
 */
@Injectable()
export class AdminStaffService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mfa: MfaService,
    private readonly outbox: OutboxService,
  ) {}

  async list(dto: ListQueryDto): Promise<ListPage<AdminStaffMemberDto>> {
    const { sort, skip, take, filter } = parseListQuery(dto, USER_LIST);
    if (filter.role !== undefined && !(STAFF_ROLES as readonly string[]).includes(filter.role)) {
      throw new BadRequestException(`filter role must be one of ${STAFF_ROLES.join(', ')}`);
    }
    const query = this.db.getRepository(StaffMember).createQueryBuilder('u');
    if (filter.role) query.andWhere('u.role = :role', { role: filter.role });
    if (filter.active !== undefined)
      query.andWhere(filter.active ? 'u.deactivatedAt IS NULL' : 'u.deactivatedAt IS NOT NULL');
    if (filter.q?.trim()) {
      // A prefix match of the lower-case usernames, ignoring the term's letter case.
      query.andWhere(`u.username LIKE :prefix ${LIKE_ESCAPE}`, {
        prefix: `${escapeLike(canonicalUsername(filter.q))}%`,
      });
    }
    const page = await fetchPage(sortList(query, sort.field, sort.order), skip, take);
    return { ...page, rows: page.rows.map((row) => AdminStaffMemberDto.from(row)) };
  }

  async get(id: number): Promise<AdminStaffMemberDto> {
    return AdminStaffMemberDto.from(await this.find(this.db.manager, id));
  }

  /**
   * With STAFF_MFA_REQUIRED on, the answer carries the account's enrolment code, shown this once: the
   * new user needs it, besides the password, to set up their second factor.
   */
  async create(dto: CreateStaffMemberDto, actor: StaffUserDto): Promise<CreatedStaffMemberDto> {
    assertStrongPassword(dto.password, [dto.username, this.config.store.name]);
    const passwordHash = await hashPassword(dto.password);
    try {
      const [id, enrolment] = await runInTransaction(this.db, async (m) => {
        // Usernames are stored lower-case (canonicalUsername). The UNIQUE index settles races.
        const taken = await m.getRepository(StaffMember).existsBy({ username: dto.username });
        if (taken) throw new ConflictException(`Username "${dto.username}" is already taken`);
        const saved = await m.save(StaffMember, {
          username: dto.username,
          passwordHash,
          role: dto.role,
          email: dto.email ?? null,
        });
        const code = await this.mfa.issueEnrolmentCode(m, saved.id);
        await this.audit.record(m, actor, {
          action: 'users.create',
          resource: 'users',
          resourceId: saved.id,
          after: { username: dto.username, role: dto.role, enrolmentCodeIssued: code !== null },
        });
        if (dto.role === 'admin')
          await this.notify(m, saved, [], { kind: 'admin-created', actor: actor.username });
        return [saved.id, code] as const;
      });
      return { ...(await this.get(id)), ...enrolmentCodeDto(enrolment) };
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictException(`Username "${dto.username}" is already taken`);
      throw error;
    }
  }

  async update(id: number, dto: UpdateStaffMemberDto, actor: StaffUserDto): Promise<AdminStaffMemberDto> {
    // A null (as a form may send for an untouched field) means "leave as it is", like a missing one.
    const role = dto.role ?? undefined;
    const password = dto.password ?? undefined;
    const email = dto.email ?? undefined;
    if (role === undefined && password === undefined && email === undefined) {
      throw new BadRequestException('Nothing to update: send role, password or email');
    }
    if (password !== undefined) {
      const { username } = await this.find(this.db.manager, id);
      assertStrongPassword(password, [username, this.config.store.name]);
    }
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    await runInTransaction(this.db, async (m) => {
      const admins = await this.lockAdmins(m);
      const user = await this.find(m, id);
      const roleChanged = role !== undefined && role !== user.role;
      const emailChanged = email !== undefined && email !== user.email;
      if (roleChanged && admins.includes(user.id) && admins.length <= 1) {
        throw new ConflictException(LAST_ADMIN_MESSAGE);
      }
      const endsSessions = roleChanged || passwordHash !== undefined;
      if (!endsSessions && !emailChanged) return; // the same values again: nothing changes
      await m
        .createQueryBuilder()
        .update(StaffMember)
        .set({
          ...(roleChanged ? { role } : {}),
          ...(passwordHash === undefined ? {} : { passwordHash }),
          ...(emailChanged ? { email } : {}),
          // Ends every session of the user, as signing out does.
          ...(endsSessions ? { tokenVersion: () => 'tokenVersion + 1' } : {}),
        })
        .where('id = :id', { id })
        .execute();
      await this.audit.record(m, actor, {
        action: 'users.update',
        resource: 'users',
        resourceId: id,
        before:
          roleChanged || emailChanged
            ? { ...(roleChanged ? { role: user.role } : {}), ...(emailChanged ? { email: user.email } : {}) }
            : null,
        after: {
          ...(roleChanged ? { role } : {}),
          ...(emailChanged ? { email } : {}),
          ...(passwordHash === undefined ? {} : { passwordChanged: true }),
          ...(endsSessions ? { sessionsEnded: true } : {}),
        },
      });
      // The notices go to the address as it is now, and to the former one when it changed.
      const account = { username: user.username, email: emailChanged ? email! : user.email };
      const former = emailChanged ? [user.email] : [];
      const by = actor.username;
      if (passwordHash !== undefined)
        await this.notify(m, account, former, { kind: 'password-changed', actor: by });
      if (roleChanged)
        await this.notify(m, account, former, {
          kind: 'role-changed',
          actor: by,
          from: user.role,
          to: role!,
        });
      if (emailChanged) await this.notify(m, account, former, { kind: 'email-changed', actor: by });
    });
    return this.get(id);
  }

  /** Answers the deleted account (ra-data-simple-rest reads the deleted record from the response). */
  async remove(id: number, actor: StaffUserDto): Promise<AdminStaffMemberDto> {
    if (id === actor.id) throw new BadRequestException(DELETE_SELF_MESSAGE);
    return runInTransaction(this.db, async (m) => {
      const admins = await this.lockAdmins(m);
      const user = await this.find(m, id);
      if (admins.includes(user.id) && admins.length <= 1) throw new ConflictException(LAST_ADMIN_MESSAGE);
      await m.delete(StaffMember, { id });
      await this.audit.record(m, actor, {
        action: 'users.delete',
        resource: 'users',
        resourceId: id,
        before: { username: user.username, role: user.role },
      });
      return AdminStaffMemberDto.from(user);
    });
  }

  /**
   * Deactivates an account instead of deleting it: it cannot sign in, its sessions end at once (its
   * tokens and step-up tokens stop working), and its history stays. Never your own, never the last
   * active administrator. Doing it again changes nothing.
   */
  async deactivate(id: number, actor: StaffUserDto): Promise<AdminStaffMemberDto> {
    if (id === actor.id) throw new BadRequestException(DEACTIVATE_SELF_MESSAGE);
    await runInTransaction(this.db, async (m) => {
      const admins = await this.lockAdmins(m);
      const user = await this.find(m, id);
      if (user.deactivatedAt) return;
      if (admins.includes(user.id) && admins.length <= 1)
        throw new ConflictException(LAST_ACTIVE_ADMIN_MESSAGE);
      const at = new Date();
      await m
        .createQueryBuilder()
        .update(StaffMember)
        .set({ deactivatedAt: at, tokenVersion: () => 'tokenVersion + 1' })
        .where('id = :id', { id })
        .execute();
      await this.audit.record(m, actor, {
        action: 'users.deactivate',
        resource: 'users',
        resourceId: id,
        before: { active: true },
        after: { active: false, sessionsEnded: true },
      });
      await this.notify(m, user, [], { kind: 'deactivated', actor: actor.username });
    });
    return this.get(id);
  }

  /** Lets a deactivated account sign in again (with the password it had). Audited; the user is told. */
  async reactivate(id: number, actor: StaffUserDto): Promise<AdminStaffMemberDto> {
    await runInTransaction(this.db, async (m) => {
      const user = await this.find(m, id);
      if (!user.deactivatedAt) return;
      await m.update(StaffMember, { id }, { deactivatedAt: null });
      await this.audit.record(m, actor, {
        action: 'users.reactivate',
        resource: 'users',
        resourceId: id,
        before: { active: false },
        after: { active: true },
      });
      await this.notify(m, user, [], { kind: 'reactivated', actor: actor.username });
    });
    return this.get(id);
  }

  /**
   * Turns the user's two-factor authentication off (lost phone and recovery codes) and ends their
   * sessions; they sign in with the password alone, and set it up again (required when
   * STAFF_MFA_REQUIRED is on, with the enrolment code answered here once). The user and STAFF_ALERT_EMAIL
   * are told. On a user without a factor it issues a new enrolment code (the earlier one expired).
   */
  async resetMfa(id: number, actor: StaffUserDto): Promise<EnrolmentCodeDto> {
    const code = await runInTransaction(this.db, async (m) => {
      const user = await this.find(m, id);
      await m
        .createQueryBuilder()
        .update(StaffMember)
        .set({
          mfaSecret: null,
          mfaEnabled: false,
          mfaLastStep: null,
          tokenVersion: () => 'tokenVersion + 1',
        })
        .where('id = :id', { id })
        .execute();
      await m.delete(RecoveryCode, { userId: id });
      await this.audit.record(m, actor, {
        action: 'users.mfa-reset',
        resource: 'users',
        resourceId: id,
        before: { mfaEnabled: user.mfaEnabled },
        after: { mfaEnabled: false, sessionsEnded: true, enrolmentCodeIssued: this.config.staffMfaRequired },
      });
      await this.notify(m, user, [], { kind: 'mfa-reset', actor: actor.username });
      return this.mfa.issueEnrolmentCode(m, id);
    });
    return enrolmentCodeDto(code);
  }

  private notify(
    m: EntityManager,
    user: { username: string; email: string | null },
    formerEmails: (string | null)[],
    change: StaffSecurityChange,
  ): Promise<void> {
    return queueStaffSecurityNotice(
      this.outbox,
      m,
      this.config,
      { username: user.username, emails: [user.email, ...formerEmails] },
      change,
    );
  }

  /**
   * The active administrators' ids, read under a write lock on MySQL/MariaDB, so two requests cannot each remove
   * one of the last two administrators (SQLite already runs transactions one at a time). Staff tables are
   * small; the lock is taken before the target row's, always in primary-key order, so requests queue
   * rather than deadlock.
   */
  private async lockAdmins(m: EntityManager): Promise<number[]> {
    const query = m
      .getRepository(StaffMember)
      .createQueryBuilder('u')
      .select('u.id', 'id')
      .where('u.role = :role', { role: 'admin' })
      .andWhere('u.deactivatedAt IS NULL')
      .orderBy('u.id', 'ASC');
    const rows = await forUpdate(query).getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }

  private async find(m: EntityManager, id: number): Promise<StaffMember> {
    const user = await m.findOneBy(StaffMember, { id });
    if (!user) throw new NotFoundException(`User ${id} not found`);
    return user;
  }
}

function enrolmentCodeDto(code: EnrolmentCode | null): EnrolmentCodeDto {
  return { enrolmentCode: code?.code ?? null, enrolmentCodeExpiresAt: code?.expiresAt ?? null };
}
