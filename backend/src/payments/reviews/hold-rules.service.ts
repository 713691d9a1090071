import { Inject, Injectable } from '@nestjs/common';
import MailChecker from 'mailchecker';
import { Brackets, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Order } from '../../orders/entities/order.entity.js';
import type { PaymentRisk } from '../payment-provider.js';
import { isPublicAddress } from '../../common/geo-ip.js';

/** The rules that hold a paid order for review, by the name `orders.holdReasons` records. */
export const HOLD_REASONS = [
  'provider-review',
  'elevated-risk',
  'country-mismatch',
  'tax-evidence',
  'vat-number-review',
  'velocity-orders',
  'velocity-cards',
  'first-order-amount',
  'disposable-email',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** The provider's risk ratings that hold an order (Stripe Radar's). */
const ELEVATED_RISK = ['elevated', 'highest'];
const VELOCITY_WINDOW_MS = 60 * 60 * 1000;

const DISPOSABLE_DOMAINS = MailChecker.blacklist();

/** Whether the address's domain, or a domain it is under, is on the kept list of disposable domains. */
export function isDisposableEmail(email: string): boolean {
  const parts = email.toLowerCase().split('@').pop()!.split('.');
  return parts.some((_, i) => i < parts.length - 1 && DISPOSABLE_DOMAINS.has(parts.slice(i).join('.')));
}

const known = (countries: (string | null | undefined)[]) =>
  countries.filter((c): c is string => Boolean(c)).map((c) => c.toUpperCase());

/** Whether two of the countries known (billing, card, the checkout address's) disagree. */
export function countriesDisagree(...countries: (string | null | undefined)[]): boolean {
  return new Set(known(countries)).size > 1;
}

/** The pieces of evidence of where the buyer is, in the order the store weighs them. */
export const EVIDENCE_PIECES = ['billing', 'card', 'checkoutAddress'] as const;
export type EvidencePiece = (typeof EVIDENCE_PIECES)[number];

/** The country two pieces of evidence agree on, and which pieces they are; null when no two agree. */
export interface AgreedCountry {
  country: string;
  pieces: EvidencePiece[];
}

/**
 * Where the evidence places the buyer (#20 §3, #32 §1): the country two of the known countries (billing,
 * card, checkout address) agree on, as the VAT rules for e-services read it ("two non-contradictory
 * pieces"); null when fewer than two agree (one piece alone, or all different).
 */
export function agreedCountry(
  billing: string | null | undefined,
  card: string | null | undefined,
  checkoutAddress: string | null | undefined,
): AgreedCountry | null {
  const given = [billing, card, checkoutAddress].map((c) => (c ? c.toUpperCase() : null));
  for (const country of new Set(given)) {
    if (!country) continue;
    const pieces = EVIDENCE_PIECES.filter((_, i) => given[i] === country);
    if (pieces.length > 1) return { country, pieces };
  }
  return null;
}

/**
 * Whether the evidence leaves the order's tax country (its billing country's) in doubt (#20 §3, #32 §1):
 * two or more countries are known and no two agree, or two agree on a country other than the billing one
 * (billed in the US, a German card, an address in Germany: the buyer is in Germany). One piece alone (no
 * card country from the demo provider, a private address) is not a conflict.
 */
export function taxEvidenceConflicts(
  billing: string | null | undefined,
  card: string | null | undefined,
  checkoutAddress: string | null | undefined,
): boolean {
  const agreed = agreedCountry(billing, card, checkoutAddress);
  if (agreed) return agreed.country !== billing?.toUpperCase();
  return known([billing, card, checkoutAddress]).length > 1;
}

type Rated = Pick<
  Order,
  | 'id'
  | 'customerEmail'
  | 'billingCountry'
  | 'checkoutIp'
  | 'checkoutIpCountry'
  | 'totalCents'
  | 'holdReasons'
  | 'reverseCharge'
  | 'vatNameMatch'
>;

/**
 * The store's fraud rules (#19 §3): which of them fire for an order whose payment is being confirmed, read
 * in the confirmation's transaction (the database only: the provider's data, `risk`, was read before it).
 * Each rule is a setting (config/review-config.ts), off at 0 / false; rules that need card data skip
 * when the provider has none (`risk` null: the demo provider).
 */
@Injectable()
export class HoldRulesService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async reasons(m: EntityManager, order: Rated, risk: PaymentRisk | null): Promise<HoldReason[]> {
    const rules = this.config.review;
    const fired: HoldReason[] = [];
    // The provider's review: its charge outcome, or a review it opened before the payment was confirmed.
    if (rules.providerReview && (risk?.providerReview || order.holdReasons?.includes('provider-review')))
      fired.push('provider-review');
    if (rules.providerReview && risk?.riskLevel && ELEVATED_RISK.includes(risk.riskLevel))
      fired.push('elevated-risk');
    if (
      rules.countryMismatch &&
      countriesDisagree(order.billingCountry, risk?.cardCountry, order.checkoutIpCountry)
    )
      fired.push('country-mismatch');
    // With tax on, evidence that does not agree, or agrees on another country than the billing one, holds
    // the order whatever the fraud rules say: it was taxed at the billing country's rate, which stands until
    // staff decide. A reverse-charged business was placed by its VAT number, verified in its country.
    if (
      this.config.tax.mode !== 'off' &&
      !order.reverseCharge &&
      taxEvidenceConflicts(order.billingCountry, risk?.cardCountry, order.checkoutIpCountry)
    )
      fired.push('tax-evidence');
    // A reverse charge on a number whose member state gives VIES no name: nothing tied the buyer to the
    // number's business, so staff look before the keys go out (#32 §1).
    if (order.reverseCharge && order.vatNameMatch === 'undisclosed') fired.push('vat-number-review');
    if (
      rules.velocityOrders &&
      (await this.recentOrders(m, order, rules.velocityOrders + 1)) > rules.velocityOrders
    )
      fired.push('velocity-orders');
    if (
      rules.velocityCards &&
      risk?.cardFingerprint &&
      (await this.recentCards(m, order, risk.cardFingerprint, rules.velocityCards)) >= rules.velocityCards
    )
      fired.push('velocity-cards');
    if (
      rules.firstOrderCents &&
      order.totalCents > rules.firstOrderCents &&
      !(await this.paidBefore(m, order))
    )
      fired.push('first-order-amount');
    if (rules.disposableEmail && isDisposableEmail(order.customerEmail)) fired.push('disposable-email');
    return fired;
  }

  /**
   * Orders placed in the last hour from the order's address (a public one) or e-mail, this one included,
   * counted up to `limit`: the rule asks whether there are more than its level, so a shopper's (or a
   * shared address's) thousands of orders cost no more to count than the level's.
   */
  private async recentOrders(m: EntityManager, order: Rated, limit: number): Promise<number> {
    const recent = this.sameShopper(m, order).select('1').limit(limit);
    const row = await m
      .createQueryBuilder()
      .select('COUNT(*)', 'count')
      .from(`(${recent.getQuery()})`, 'recent')
      .setParameters(recent.getParameters())
      .getRawOne<{ count: number | string }>();
    return Number(row?.count ?? 0);
  }

  /**
   * Distinct cards that paid in the last hour from the order's address or e-mail, this order's included;
   * the others read up to `limit` (the rule's level, which they alone reach).
   */
  private async recentCards(
    m: EntityManager,
    order: Rated,
    fingerprint: string,
    limit: number,
  ): Promise<number> {
    const rows = await this.sameShopper(m, order)
      .andWhere('o.cardFingerprint IS NOT NULL')
      .select('DISTINCT o.cardFingerprint', 'fingerprint')
      .limit(limit)
      .getRawMany<{ fingerprint: string }>();
    return new Set([...rows.map((r) => r.fingerprint), fingerprint]).size;
  }

  private sameShopper(m: EntityManager, order: Rated) {
    const since = new Date(Date.now() - VELOCITY_WINDOW_MS);
    const byAddress = isPublicAddress(order.checkoutIp);
    return m
      .createQueryBuilder(Order, 'o')
      .where('o.createdAt >= :since', { since })
      .andWhere(
        new Brackets((qb) => {
          qb.where('o.customerEmail = :email', { email: order.customerEmail });
          // A private address is a proxy's or a network's, shared by everyone behind it: not a shopper.
          if (byAddress) qb.orWhere('o.checkoutIp = :ip', { ip: order.checkoutIp });
        }),
      );
  }

  /** Whether an earlier order of this e-mail was paid (refunded later or not). */
  private async paidBefore(m: EntityManager, order: Rated): Promise<boolean> {
    const earlier = await m
      .createQueryBuilder(Order, 'o')
      .select('o.id')
      .where('o.customerEmail = :email AND o.id != :id AND o.paidAt IS NOT NULL', {
        email: order.customerEmail,
        id: order.id,
      })
      .limit(1)
      .getRawOne();
    return Boolean(earlier);
  }
}
