import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { fetchPage, sortList, whereIdIn } from '../../database/list-page.js';
import {
  escapeLike,
  parseListQuery,
  type ListQueryDto,
  LIKE_ESCAPE,
  type ListPage,
} from '../../common/list-query.js';
import { isUniqueViolation } from '../../database/errors.js';
import { normalizeCouponCode } from '../../coupons/coupons.service.js';
import { AdminCouponDto, type CreateCouponDto, type UpdateCouponDto } from './dto/admin-coupon.dto.js';
import { Coupon } from '../../coupons/entities/coupon.entity.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { SEED_COUPONS } from '../../coupons/coupons.data.js';
import { runInTransaction } from '../../database/transactions.js';

export const COUPON_NOT_FOUND = 'Coupon not found';
export const DUPLICATE_COUPON = 'A coupon with this code already exists';
export const CODE_IN_USE = 'The code of a coupon that has been redeemed cannot be changed';
export const DATES_OUT_OF_ORDER = 'Starts at must be before expires at';

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const COUPON_LIST = {
  sortable: ['createdAt', 'id', 'code', 'percentOff', 'redemptionCount', 'expiresAt'] as const,
  defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'],
  filters: { id: 'int[]', q: 'string', active: 'boolean' } as const,
};

export const ONE_KIND =
  'A coupon takes either percentOff, or amountOffCents with its currency (a fixed amount in that currency)';

const WRITABLE = [
  'code',
  'percentOff',
  'amountOffCents',
  'currency',
  'active',
  'startsAt',
  'expiresAt',
  'maxRedemptions',
] as const;
type Writable = Partial<Pick<Coupon, (typeof WRITABLE)[number]>>;

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/**
 * A coupon is one kind: a percentage (percentOff) or a fixed amount in one currency (amountOffCents and
 * currency, both). Anything else is refused with ONE_KIND.
 */
function assertOneKind(c: Pick<Coupon, 'percentOff' | 'amountOffCents' | 'currency'>): void {
  const percent = c.percentOff !== null && c.amountOffCents === null && c.currency === null;
  const amount = c.percentOff === null && c.amountOffCents !== null && c.currency !== null;
  if (!percent && !amount) throw new BadRequestException([ONE_KIND]);
}

function assertDatesInOrder(startsAt: Date | null, expiresAt: Date | null): void {
  if (startsAt && expiresAt && startsAt.getTime() >= expiresAt.getTime())
    throw new BadRequestException([DATES_OUT_OF_ORDER]);
}

/** The values of `fields` in `coupon`, for the audit trail. */
function pick(coupon: Coupon, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, coupon[field as keyof Coupon]]));
}

@Injectable()
export class AdminCouponsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** `q` is a prefix of the code (codes are stored upper-case, so the UNIQUE index on code serves it). */
  async list(dto: ListQueryDto): Promise<ListPage<AdminCouponDto>> {
    const { sort, skip, take, filter } = parseListQuery(dto, COUPON_LIST);
    const query = this.db.getRepository(Coupon).createQueryBuilder('c');
    if (filter.id) whereIdIn(query, 'c.id', filter.id);
    if (filter.active !== undefined) query.andWhere('c.active = :active', { active: filter.active });
    const code = filter.q === undefined ? '' : normalizeCouponCode(filter.q);
    if (code) query.andWhere(`c.code LIKE :prefix ${LIKE_ESCAPE}`, { prefix: `${escapeLike(code)}%` });
    const page = await fetchPage(sortList(query, sort.field, sort.order), skip, take);
    return { ...page, rows: page.rows.map((row) => AdminCouponDto.from(row)) };
  }

  async get(id: number): Promise<AdminCouponDto> {
    return AdminCouponDto.from(await this.find(this.db.manager, id));
  }

  async create(dto: CreateCouponDto, actor: StaffUserDto): Promise<AdminCouponDto> {
    const values = {
      code: dto.code,
      percentOff: dto.percentOff ?? null,
      amountOffCents: dto.amountOffCents ?? null,
      currency: dto.currency ?? null,
      active: dto.active ?? true,
      startsAt: toDate(dto.startsAt) ?? null,
      expiresAt: toDate(dto.expiresAt) ?? null,
      maxRedemptions: dto.maxRedemptions ?? null,
    };
    assertOneKind(values);
    assertDatesInOrder(values.startsAt, values.expiresAt);
    const saved = await this.unique(() =>
      runInTransaction(this.db, async (m) => {
        if (await m.existsBy(Coupon, { code: values.code })) throw new ConflictException(DUPLICATE_COUPON);
        const coupon = await m.save(m.create(Coupon, { ...values, redemptionCount: 0 }));
        await this.audit.record(m, actor, {
          action: 'coupons.create',
          resource: 'coupons',
          resourceId: coupon.id,
          after: values,
        });
        return coupon;
      }),
    );
    return this.get(saved.id);
  }

  /**
   * Changes the fields sent, recording before and after. The start must stay before the expiry, with
   * the stored value standing in for the one not sent. The code can change only while the coupon has no
   * redemptions: orders keep the code they used, and a reservation is given back by code.
   */
  async update(id: number, dto: UpdateCouponDto, actor: StaffUserDto): Promise<AdminCouponDto> {
    const changes: Writable = {};
    for (const field of WRITABLE) {
      const value = dto[field];
      if (value === undefined) continue;
      if (field === 'startsAt' || field === 'expiresAt') changes[field] = toDate(value as string | null);
      else Object.assign(changes, { [field]: value });
    }
    if (Object.keys(changes).length === 0)
      throw new BadRequestException(`Nothing to update: send ${WRITABLE.join(', ')}`);
    // Sending one kind's fields makes the coupon that kind: the other kind's are cleared.
    if (changes.percentOff !== undefined) {
      changes.amountOffCents ??= null;
      changes.currency ??= null;
    } else if (changes.amountOffCents !== undefined || changes.currency !== undefined) {
      changes.percentOff = null;
    }
    await this.unique(() =>
      runInTransaction(this.db, async (m) => {
        const coupon = await this.find(m, id);
        assertOneKind({ ...coupon, ...changes });
        assertDatesInOrder(
          changes.startsAt === undefined ? coupon.startsAt : changes.startsAt,
          changes.expiresAt === undefined ? coupon.expiresAt : changes.expiresAt,
        );
        const newCode = changes.code !== undefined && changes.code !== coupon.code ? changes.code : null;
        const renamed = newCode !== null;
        if (newCode !== null && (await m.existsBy(Coupon, { code: newCode })))
          throw new ConflictException(DUPLICATE_COUPON);
        const update = m.createQueryBuilder().update(Coupon).set(changes).where('id = :id', { id });
        // In the same statement as the change, so a checkout cannot take the coupon in between.
        if (renamed) update.andWhere('redemptionCount = 0 AND heldCount = 0');
        const result = await update.execute();
        if (renamed && !result.affected) throw new ConflictException(CODE_IN_USE);
        await this.audit.record(m, actor, {
          action: 'coupons.update',
          resource: 'coupons',
          resourceId: id,
          before: pick(coupon, Object.keys(changes)),
          after: changes,
        });
      }),
    );
    return this.get(id);
  }

  /**
   * Deletes a coupon that was never used. One with redemptions (paid orders, or holds of orders still
   * being paid) is deactivated instead and kept as the record of what those orders used; so is one
   * of the seeded public codes, which the seed would otherwise create again on the next start. Answers
   * the coupon as it was deleted, or as it is now, deactivated.
   */
  async remove(id: number, actor: StaffUserDto): Promise<AdminCouponDto> {
    return runInTransaction(this.db, async (m) => {
      const coupon = await this.find(m, id);
      const seeded = SEED_COUPONS.some((c) => c.code === coupon.code);
      if (!seeded) {
        // Conditional, so a checkout that reserves the coupon meanwhile turns this into a deactivation.
        const deleted = await m
          .createQueryBuilder()
          .delete()
          .from(Coupon)
          .where('id = :id AND redemptionCount = 0 AND heldCount = 0', { id })
          .execute();
        if (deleted.affected) {
          await this.audit.record(m, actor, {
            action: 'coupons.delete',
            resource: 'coupons',
            resourceId: id,
            before: pick(coupon, [...WRITABLE, 'redemptionCount']),
          });
          return AdminCouponDto.from(coupon);
        }
      }
      await m.update(Coupon, id, { active: false });
      await this.audit.record(m, actor, {
        action: 'coupons.deactivate',
        resource: 'coupons',
        resourceId: id,
        before: { active: coupon.active },
        after: { active: false },
      });
      return AdminCouponDto.from(await this.find(m, id));
    });
  }

  private async find(m: EntityManager, id: number): Promise<Coupon> {
    const coupon = await m.findOneBy(Coupon, { id });
    if (!coupon) throw new NotFoundException(COUPON_NOT_FOUND);
    return coupon;
  }

  /** A concurrent insert of the same code that got past the check is refused by the UNIQUE index: 409. */
  private async unique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(DUPLICATE_COUPON);
      throw error;
    }
  }
}
