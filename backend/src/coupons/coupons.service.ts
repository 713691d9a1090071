import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type EntityManager, type Repository, type WhereExpressionBuilder } from 'typeorm';
import { Coupon } from './entities/coupon.entity.js';

export const INVALID_COUPON = 'This coupon code is not valid or has expired';

/** Codes are matched trimmed and case-insensitively: they are stored upper-case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A coupon is usable when active, started, not expired and, if capped, not used up. */
function usable(where: WhereExpressionBuilder, now: Date): void {
  where
    .andWhere('active = :active', { active: true })
    .andWhere(new Brackets((w) => w.where('startsAt IS NULL').orWhere('startsAt <= :now', { now })))
    .andWhere(new Brackets((w) => w.where('expiresAt IS NULL').orWhere('expiresAt > :now', { now })))
    .andWhere(
      new Brackets((w) => w.where('maxRedemptions IS NULL').orWhere('redemptionCount < maxRedemptions')),
    );
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

  /** Counts a redemption whose reservation had been released before the payment succeeded after all. */
  async redeemAgain(manager: EntityManager, code: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(Coupon)
      .set({ redemptionCount: () => 'redemptionCount + 1' })
      .where('code = :code', { code: normalizeCouponCode(code) })
      .execute();
  }
}
