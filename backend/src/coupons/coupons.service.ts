import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type EntityManager, type Repository, type WhereExpressionBuilder } from 'typeorm';
import { Coupon } from './entities/coupon.entity.js';

export const INVALID_COUPON = 'This coupon code is not valid or has expired';

/** Codes are matched trimmed and case-insensitively: they are stored upper-case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A capped coupon has redemptions left. */
const belowCap = () =>
  new Brackets((w) => w.where('maxRedemptions IS NULL').orWhere('redemptionCount < maxRedemptions'));

/** A coupon is usable when active, started, not expired and, if capped, not used up. */
function usable(where: WhereExpressionBuilder, now: Date): void {
  where
    .andWhere('active = :active', { active: true })
    .andWhere(new Brackets((w) => w.where('startsAt IS NULL').orWhere('startsAt <= :now', { now })))
    .andWhere(new Brackets((w) => w.where('expiresAt IS NULL').orWhere('expiresAt > :now', { now })))
    .andWhere(belowCap());
}

@Injectable()
export class CouponsService {
  constructor(@InjectRepository(Coupon) private readonly coupons: Repository<Coupon>) {}

  /** The usable coupon for a code, or 404 with the shopper-facing message. */
  async validate(code: string): Promise<{ code: string; discount: number }> {
    const query = this.coupons
      .createQueryBuilder()
      .where('code = :code', { code: normalizeCouponCode(code) });
    usable(query, new Date());
    const coupon = await query.getOne();
    if (!coupon) throw new NotFoundException(INVALID_COUPON);
    return { code: coupon.code, discount: coupon.percentOff / 100 };
  }

  /**
   * Takes one redemption of a usable coupon inside the caller's transaction, atomically: one conditional
   * UPDATE, so concurrent checkouts can never take a capped coupon past its cap. Null when not usable.
   */
  async reserve(manager: EntityManager, code: string): Promise<Coupon | null> {
    const normalized = normalizeCouponCode(code);
    const update = manager
      .createQueryBuilder()
      .update(Coupon)
      .set({ redemptionCount: () => 'redemptionCount + 1' })
      .where('code = :code', { code: normalized });
    usable(update, new Date());
    const result = await update.execute();
    if (!result.affected) return null;
    return manager.findOneByOrFail(Coupon, { code: normalized });
  }

  /** Gives a reserved redemption back (the payment failed or was abandoned). */
  async release(manager: EntityManager, code: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(Coupon)
      .set({ redemptionCount: () => 'redemptionCount - 1' })
      .where('code = :code AND redemptionCount > 0', { code: normalizeCouponCode(code) })
      .execute();
  }

  /**
   * Takes a redemption again for an order whose reservation had lapsed (its payment failed or took over
   * 30 minutes) and which was paid after all: one conditional UPDATE, so the coupon never goes past its
   * cap. Only the cap is checked: the shopper checked out while the coupon was valid. False when the
   * coupon is used up (or was deleted meanwhile).
   */
  async retake(manager: EntityManager, code: string): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Coupon)
      .set({ redemptionCount: () => 'redemptionCount + 1' })
      .where('code = :code', { code: normalizeCouponCode(code) })
      .andWhere(belowCap())
      .execute();
    return result.affected !== 0;
  }
}
