import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type EntityManager, type Repository, type WhereExpressionBuilder } from 'typeorm';
import type { CartDiscount } from './cart-discount.js';
import { formatMoney, money, type Currency } from '../common/money.js';
import type { CouponDiscountDto } from './dto/validate-coupon.dto.js';
import { Coupon } from './entities/coupon.entity.js';

export const INVALID_COUPON = 'This coupon code is not valid or has expired';

/**
 * How long an unpaid checkout holds a redemption of its coupon: the sweeper gives it back after this, and
 * a payment that arrives later takes the coupon again only if its cap allows. Short, so checkouts that are
 * never paid cannot keep a capped coupon from buyers who pay.
 */
export const COUPON_HOLD_MINUTES = 15;

/** Codes are matched trimmed and case-insensitively: they are stored upper-case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A capped coupon has redemptions left: the paid ones and those held by unpaid checkouts count. */
const belowCap = () =>
  new Brackets((w) =>
    w.where('maxRedemptions IS NULL').orWhere('redemptionCount + heldCount < maxRedemptions'),
  );

/**
 * What a coupon takes off an order in `currency`: a percentage in any currency; a fixed amount only in its
 * own currency, else 422 saying so (the order's currency is the shopper's choice, the coupon's is not).
 */
export function discountIn(
  coupon: Pick<Coupon, 'percentOff' | 'amountOffCents' | 'currency'>,
  currency: Currency,
): CartDiscount {
  if (coupon.amountOffCents === null) return { percentOff: coupon.percentOff ?? 0 };
  if (coupon.currency !== currency) {
    const off = formatMoney(money(coupon.amountOffCents, coupon.currency!));
    throw new UnprocessableEntityException(
      `This coupon takes ${off} off orders in ${coupon.currency} only; it does not apply in ${currency}`,
    );
  }
  return { amountOffCents: coupon.amountOffCents };
}

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

  /**
   * The usable coupon for a code, or 404 with the shopper-facing message; with `currency`, 422 for a
   * fixed-amount coupon in another currency (discountIn).
   */
  async validate(code: string, currency?: Currency): Promise<CouponDiscountDto> {
    const query = this.coupons
      .createQueryBuilder()
      .where('code = :code', { code: normalizeCouponCode(code) });
    usable(query, new Date());
    const coupon = await query.getOne();
    if (!coupon) throw new NotFoundException(INVALID_COUPON);
    if (currency) discountIn(coupon, currency);
    if (coupon.amountOffCents === null)
      return { code: coupon.code, discount: (coupon.percentOff ?? 0) / 100 };
    return {
      code: coupon.code,
      discount: 0,
      amountOffCents: coupon.amountOffCents,
      currency: coupon.currency!,
    };
  }

  /**
   * Holds one redemption of a usable coupon for an unpaid checkout inside the caller's transaction,
   * atomically: one conditional UPDATE, so concurrent checkouts can never take a capped coupon past its
   * cap. Null when not usable.
   */
  async reserve(manager: EntityManager, code: string): Promise<Coupon | null> {
    const normalized = normalizeCouponCode(code);
    const update = manager
      .createQueryBuilder()
      .update(Coupon)
      .set({ heldCount: () => 'heldCount + 1' })
      .where('code = :code', { code: normalized });
    usable(update, new Date());
    const result = await update.execute();
    if (!result.affected) return null;
    return manager.findOneByOrFail(Coupon, { code: normalized });
  }

  /** Gives a held redemption back (the payment failed or was abandoned, or the buyer checked out again). */
  async release(manager: EntityManager, code: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(Coupon)
      .set({ heldCount: () => 'heldCount - 1' })
      .where('code = :code AND heldCount > 0', { code: normalizeCouponCode(code) })
      .execute();
  }

  /**
   * Counts a held redemption as used by a paid order: the hold was within the cap, so this is too. A hold
   * the counter no longer shows (counted before holds were kept apart) is taken again within the cap.
   * False when the coupon is used up (or was deleted meanwhile).
   */
  async redeem(manager: EntityManager, code: string): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Coupon)
      .set({ heldCount: () => 'heldCount - 1', redemptionCount: () => 'redemptionCount + 1' })
      .where('code = :code AND heldCount > 0', { code: normalizeCouponCode(code) })
      .execute();
    if (result.affected) return true;
    return this.retake(manager, code);
  }

  /**
   * Takes a redemption again for an order whose hold had lapsed (its payment failed or took over
   * COUPON_HOLD_MINUTES) and which was paid after all: one conditional UPDATE, so the coupon never goes
   * past its cap. Only the cap is checked: the shopper checked out while the coupon was valid. False when
   * the coupon is used up (or was deleted meanwhile).
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
