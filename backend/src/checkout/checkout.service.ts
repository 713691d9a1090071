import { createHash, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CatalogService } from '../catalog/catalog.service.js';
import { amountOf } from '../orders/order-currency.js';
import { bankTransferOffered } from '../orders/bank-transfers.js';
import { CouponsService, discountIn, INVALID_COUPON } from '../coupons/coupons.service.js';
import {
  DEFAULT_CURRENCY,
  formatMoney,
  minimumCharge,
  money,
  type Currency,
  type Money,
} from '../common/money.js';
import { Order } from '../orders/entities/order.entity.js';
import { CONSENTS, type Consent } from '../orders/consents.js';
import { UNPAID } from '../orders/order-process.js';
import { ClientSecrets } from '../payments/client-secrets.js';
import { PaymentProviders } from '../payments/payment-providers.js';
import { PaymentsService } from '../payments/payments.service.js';
import { FulfilmentService } from '../fulfilment/fulfilment.service.js';
import { isUniqueViolation } from '../database/errors.js';
import type {
  CreatePaymentIntentDto,
  OrderStatusDto,
  PaymentIntentResponseDto,
  ReplacedOrderDto,
} from './dto/create-payment-intent.dto.js';
import type { CartDiscount } from '../coupons/cart-discount.js';
import { BACK_ORDER_HOURS, MAX_QUANTITY_PER_PRODUCT as MAX_QUANTITY } from '../catalog/catalog.data.js';
import { priceCart, reverseCharges, UnknownProductError, type CartTax } from './pricing.js';
import { percentOf, standardRate } from '../tax/tax-rates.js';
import { VatNumberChecker, type VatNumberCheck } from '../tax/vat-numbers.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { runInTransaction } from '../database/transactions.js';
import { WITHDRAWAL_RIGHT_COUNTRIES } from './countries.js';
import { GeoIp, plainAddress } from '../common/geo-ip.js';
import { parsePhoneNumber } from '../common/phone-numbers.js';
import { DEFAULT_LOCALE } from '../common/locales.js';
import { countKeysInStockBelow } from '../license-keys/license-keys.js';

/** How long a repeated request waits for the first one's payment to be set up. */
const REPLAY_WAIT_MS = 5_000;

/** JSON with every object's fields in name order: the same value written in another order reads the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${fields.map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What an Idempotency-Key's request is: `canonical`, the request with its currency's default applied and
 * its fields in a fixed order (stored with the order), so a retry that names the default currency or
 * writes its fields in another order is the same request; and `asSent`, its body as it came, which the
 * orders of earlier versions stored (a retry across an upgrade still replays).
 */
function requestFingerprints(dto: CreatePaymentIntentDto): { canonical: string; asSent: string } {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  return {
    // The default language left out, as before there was a choice: a retry across that upgrade still replays.
    canonical: sha256(
      canonicalJson({
        ...dto,
        currency: dto.currency ?? DEFAULT_CURRENCY,
        locale: dto.locale === DEFAULT_LOCALE ? undefined : dto.locale,
      }),
    ),
    asSent: sha256(JSON.stringify(dto)),
  };
}

const PAYMENT_SETUP_FAILED = 'Unable to initialize payment. Please try again.';

/** The refusal of a total (after a coupon) below the smallest payment there can be in its currency. */
export const belowMinimumCharge = (total: Money, minimum: Money) =>
  `The total after the discount, ${formatMoney(total)}, is less than the smallest payment possible in ` +
  `${total.currency}, ${formatMoney(minimum)}: remove the coupon or add to the cart`;
/** What a buyer billed in the EU or the UK is told for each statement not given (orders/consents.ts). */
const CONSENT_MISSING: Record<Consent, string> = {
  immediateDelivery:
    'Buyers billed in the EU or the UK must consent to immediate delivery (consents.immediateDelivery)',
  withdrawalRightLoss:
    'Buyers billed in the EU or the UK must acknowledge that they lose the right of withdrawal (consents.withdrawalRightLoss)',
};

/** Stores a new order (its id made here); nothing is read back (SQLite would SELECT the row it inserted). */
async function insertOrder(m: EntityManager, order: Order): Promise<Order> {
  order.id = randomUUID();
  await m.createQueryBuilder().insert().into(Order).values(order).updateEntity(false).execute();
  return order;
}

@Injectable()
export class CheckoutService {
  private readonly logger = new Logger('Checkout');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly catalog: CatalogService,
    private readonly coupons: CouponsService,
    private readonly secrets: ClientSecrets,
    private readonly fulfilment: FulfilmentService,
    private readonly payments: PaymentsService,
    private readonly providers: PaymentProviders,
    private readonly geoIp: GeoIp,
    private readonly vatNumbers: VatNumberChecker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Prices the cart on the server, reserves the coupon, creates the order and then its payment. The same
   * Idempotency-Key answers the same order again; with a different request it is refused.
   */
  async createPaymentIntent(
    dto: CreatePaymentIntentDto,
    idempotencyKey?: string,
    clientIp?: string,
  ): Promise<PaymentIntentResponseDto> {
    // The client's address as the trusted proxy hops give it (TRUST_PROXY), and its country.
    const checkoutIp = clientIp && isIP(plainAddress(clientIp)) ? plainAddress(clientIp) : null;
    const checkoutIpCountry = this.geoIp.country(checkoutIp);
    // Its currency included: the same key with another currency is another request.
    const fingerprints = requestFingerprints(dto);
    const currency = dto.currency ?? DEFAULT_CURRENCY;
    if (idempotencyKey) {
      const replayed = await this.replay(idempotencyKey, fingerprints);
      if (replayed) return replayed;
    }

    const { billing } = dto;
    // Valid, as BillingDto checked: kept in E.164 with its own country code (a `+` number may name another).
    const phone = parsePhoneNumber(billing.phone, billing.phoneCountryCode, billing.country)!;
    // A business buyer's VAT number, checked before anything is written (the service may take seconds).
    const vatCheck: VatNumberCheck | null = billing.vatNumber
      ? await this.vatNumbers.check(billing.vatNumber, billing.country, {
          company: billing.company ?? '',
          zipCode: billing.zipCode,
        })
      : null;
    this.checkConsents(dto, vatCheck);

    // Before the new order reserves the coupon, so the old one's reservation is free to take again.
    if (dto.replacesOrder) await this.cancelReplaced(dto.replacesOrder);

    let order: Order;
    try {
      // With a coupon, its reservation and the order commit together; without, the order is one INSERT.
      const write = dto.couponCode
        ? runInTransaction
        : (db: DataSource, work: (m: EntityManager) => Promise<Order>) => work(db.manager);
      order = await write(this.db, async (manager) => {
        // One hold per buyer and coupon: this checkout's replaces any other the buyer left unpaid.
        if (dto.couponCode)
          await this.fulfilment.releaseHoldsOf(manager, dto.couponCode, billing.email, checkoutIp);
        const coupon = dto.couponCode ? await this.coupons.reserve(manager, dto.couponCode) : null;
        if (dto.couponCode && !coupon) throw new ConflictException(INVALID_COUPON);
        const now = new Date();
        const { consents } = dto;
        const tax = this.taxOf(billing.country, now, vatCheck);
        const priced = this.price(dto, currency, coupon ? discountIn(coupon, currency) : undefined, tax);
        return insertOrder(
          manager,
          manager.create(Order, {
            customerName: `${billing.firstName} ${billing.lastName}`,
            customerEmail: billing.email,
            billingFirstName: billing.firstName,
            billingLastName: billing.lastName,
            billingAddress: billing.address,
            billingCity: billing.city,
            billingCountry: billing.country,
            billingZipCode: billing.zipCode,
            billingPhoneCountryCode: phone.callingCode,
            billingPhone: phone.e164,
            subtotalCents: priced.subtotalCents,
            discountCents: priced.discountCents,
            taxMode: tax.mode,
            taxRateBasisPoints: priced.taxRate,
            taxCountry: tax.mode === 'off' ? null : billing.country,
            taxCents: priced.taxCents,
            totalCents: priced.totalCents,
            billingCompany: billing.company ?? null,
            vatNumber: billing.vatNumber ?? null,
            vatNumberStatus: vatCheck?.status ?? null,
            vatCheckReference: vatCheck?.reference ?? null,
            vatCheckedAt: vatCheck?.checkedAt ?? null,
            vatNameMatch: vatCheck?.nameMatch ?? null,
            vatCheckAnswer: vatCheck?.answer ?? null,
            reverseCharge: priced.reverseCharge,
            currency,
            locale: dto.locale ?? DEFAULT_LOCALE,
            couponCode: coupon?.code ?? null,
            couponState: coupon ? 'reserved' : null,
            orderItems: priced.items,
            paymentProvider: this.providers.checkout.name,
            idempotencyKey: idempotencyKey ?? null,
            idempotencyFingerprint: idempotencyKey ? fingerprints.canonical : null,
            consentImmediateDeliveryAt: consents?.immediateDelivery ? now : null,
            consentWithdrawalRightLossAt: consents?.withdrawalRightLoss ? now : null,
            checkoutIp,
            checkoutIpCountry,
          }),
        );
      });
    } catch (error) {
      // Two requests with one Idempotency-Key at once: the loser answers the winner's order.
      if (idempotencyKey && isUniqueViolation(error)) {
        const replayed = await this.replay(idempotencyKey, fingerprints);
        if (replayed) return replayed;
      }
      throw error;
    }

    try {
      return await this.setUpPayment(order);
    } catch (error) {
      this.logger.error(`Payment setup failed for order ${order.id}: ${(error as Error).message}`);
      await runInTransaction(this.db, (m) => this.fulfilment.failPayment(m, order.id));
      throw new BadGatewayException(PAYMENT_SETUP_FAILED);
    }
  }

  /**
   * A buyer billed in the EU or the UK gives both statements before the order (and its payment) exists: the
   * keys are delivered as soon as it is paid, within the 14-day withdrawal period. Others may give them. The
   * right of withdrawal is a consumer's: a business whose VAT number VIES confirmed (registered to the
   * company typed, or to a name its member state does not disclose) is not asked (#34).
   */
  private checkConsents(
    { billing, consents }: CreatePaymentIntentDto,
    vatCheck: VatNumberCheck | null,
  ): void {
    if (!WITHDRAWAL_RIGHT_COUNTRIES.includes(billing.country)) return;
    if (vatCheck?.status === 'verified' && vatCheck.nameMatch !== 'mismatch') return;
    const missing = CONSENTS.filter((consent) => consents?.[consent] !== true);
    if (missing.length) throw new BadRequestException(missing.map((consent) => CONSENT_MISSING[consent]));
  }

  /**
   * Cancels the checkout's earlier order, unpaid, for the shopper who holds its client secret: its payment
   * first (outside any transaction: no row stays locked while the provider answers), then the order. A
   * payment that went through meanwhile leaves the order alone (it is delivered as usual); a provider that
   * cannot be reached leaves the payment open, and a payment for the cancelled order is held for a refund.
   */
  private async cancelReplaced({ orderId, clientSecret }: ReplacedOrderDto): Promise<void> {
    const order = await this.db.getRepository(Order).findOneBy({ id: orderId });
    if (!order || !this.secrets.matches(order.clientSecretSealed, clientSecret)) return;
    if (order.status !== 'processing' || !UNPAID.includes(order.paymentStatus)) return;
    const provider = this.providers.of(order);
    if (provider && order.providerPaymentId) {
      try {
        if ((await provider.cancelPayment(order.providerPaymentId)) === 'paid') return;
      } catch (error) {
        this.logger.warn(
          `The replaced order ${order.id}'s payment could not be cancelled: ${(error as Error).message}`,
        );
      }
    }
    await runInTransaction(this.db, (m) => this.fulfilment.cancelUnpaid(m, order.id));
  }

  /**
   * Creates the order's payment with the provider and stores it, unless someone else stored one first
   * (a retry that resumed this setup), in which case that one is answered: an order has one payment.
   */
  private async setUpPayment(order: Order): Promise<PaymentIntentResponseDto> {
    // The order's own provider: a setup resumed after the settings changed stays with it.
    const provider = this.providers.of(order);
    if (!provider) throw new Error(`Payment provider ${order.paymentProvider} is not configured`);
    const payment = await provider.createPayment(order);
    const stored = await this.db
      .getRepository(Order)
      .createQueryBuilder()
      .update()
      .set({
        providerPaymentId: payment.providerPaymentId,
        clientSecretSealed: this.secrets.seal(payment.clientSecret),
      })
      .where('id = :id AND clientSecretSealed IS NULL', { id: order.id })
      .execute();
    if (stored.affected) return this.response(order, payment.clientSecret);
    const current = await this.db.getRepository(Order).findOneByOrFail({ id: order.id });
    return this.response(current, this.secrets.open(current.clientSecretSealed!));
  }

  /**
   * The order's live status, for the shopper who holds the payment's client secret. An order still
   * unpaid here is first checked with its provider (PaymentsService.syncPayment), so the shopper whose
   * card went through sees the order delivered even when the webhook is late.
   */
  async status(orderId: string, clientSecret: string): Promise<OrderStatusDto> {
    const orders = this.db.getRepository(Order);
    let order = await orders.findOneBy({ id: orderId });
    if (!order || !this.secrets.matches(order.clientSecretSealed, clientSecret)) {
      throw new NotFoundException('Order not found');
    }
    if (order.paymentStatus !== 'completed' && (await this.payments.syncPayment(order))) {
      order = (await orders.findOneBy({ id: orderId })) ?? order;
    }
    return {
      orderId: order.id,
      status: order.status,
      paymentStatus: order.paymentStatus,
      customerEmail: order.customerEmail,
      awaitingKeys: order.awaitingKeys,
      backOrderHours: BACK_ORDER_HOURS,
    };
  }

  /**
   * How an order billed to `country` is taxed now: TAX_MODE, that country's rate (0 with tax off), and
   * whether a business buyer's VAT number makes it reverse-charged. The billing country is the one evidence
   * the checkout has; the card's and the address's countries are compared with it when the payment is
   * confirmed (the fraud hold's country-mismatch rule).
   */
  private taxOf(country: string, at: Date, vatCheck: VatNumberCheck | null): CartTax {
    const { mode, rateOverrides, sellerCountry } = this.config.tax;
    if (mode === 'off') return { mode, rate: 0 };
    return {
      mode,
      rate: standardRate(country, at, rateOverrides),
      reverseCharge: reverseCharges({
        mode,
        billingCountry: country,
        vatNumberStatus: vatCheck?.status ?? null,
        vatNameMatch: vatCheck?.nameMatch ?? null,
        sellerCountry,
      }),
    };
  }

  /** The cart at the prices of `currency`'s price list; a product not sold in it is refused. */
  private price(
    dto: CreatePaymentIntentDto,
    currency: Currency,
    discount: CartDiscount | undefined,
    tax: CartTax,
  ) {
    const productIn = (id: string) => {
      const product = this.catalog.find(id);
      if (!product) return undefined;
      const price = this.catalog.priceIn(id, currency);
      if (!price) throw new BadRequestException(`${product.title} (${id}) is not sold in ${currency}`);
      return { id, title: product.title, currentPriceCents: price.currentPriceCents };
    };
    try {
      const priced = priceCart(dto.cartItems, productIn, discount, tax);
      const tooMany = priced.items.find((item) => item.quantity > MAX_QUANTITY);
      if (tooMany) throw new BadRequestException(`Quantity must be at most ${MAX_QUANTITY}`);
      const minimum = minimumCharge(currency);
      if (priced.totalCents < minimum.cents)
        throw new UnprocessableEntityException(
          belowMinimumCharge(money(priced.totalCents, currency), minimum),
        );
      return priced;
    } catch (error) {
      if (error instanceof UnknownProductError)
        throw new BadRequestException(`Unknown product: ${error.productId}`);
      throw error;
    }
  }

  /**
   * The answer already given for an Idempotency-Key, or null when the key is new. A request repeated
   * while the first is still setting up its payment (a double click) waits for it, up to
   * REPLAY_WAIT_MS, and then answers the same order; a failed setup answers as the first did. When the
   * payment is still missing after that wait, the first request is taken to have died (the server was
   * killed or restarted between storing the order and storing its payment) and the setup is resumed:
   * the provider answers the same payment for the same order (createPayment), and only one payment is
   * ever stored for the order (setUpPayment).
   */
  private async replay(
    idempotencyKey: string,
    fingerprints: { canonical: string; asSent: string },
  ): Promise<PaymentIntentResponseDto | null> {
    const deadline = Date.now() + REPLAY_WAIT_MS;
    for (;;) {
      const order = await this.db.getRepository(Order).findOneBy({ idempotencyKey });
      if (!order) return null;
      const stored = order.idempotencyFingerprint;
      if (stored !== fingerprints.canonical && stored !== fingerprints.asSent) {
        throw new ConflictException('This Idempotency-Key was already used for a different request');
      }
      if (order.clientSecretSealed) return this.response(order, this.secrets.open(order.clientSecretSealed));
      if (order.paymentStatus === 'failed') throw new BadGatewayException(PAYMENT_SETUP_FAILED);
      if (Date.now() >= deadline) {
        try {
          return await this.setUpPayment(order);
        } catch (error) {
          // The first request may still be talking to the provider: leave the order as it is.
          this.logger.warn(
            `Resuming the payment setup of order ${order.id} failed: ${(error as Error).message}`,
          );
          throw new ConflictException(
            'The payment for this request is still being set up; retry in a moment',
          );
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * Whether some of the order's keys would follow later were it paid now (#34): a line asks for more keys
   * than are in stock. Counted up to each line's quantity only (countKeysInStockBelow), so the answer costs
   * the same whatever the stock and tells the shopper no more than yes or no, never the stock itself. Keys
   * sold meanwhile to others can still make a paid order wait: the success page says so from the status.
   */
  private async keysToFollow(order: Order): Promise<boolean> {
    const wanted = new Map<string, number>();
    for (const item of order.orderItems) {
      wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
    }
    for (const [productId, quantity] of wanted) {
      if ((await countKeysInStockBelow(this.db.manager, productId, quantity)) < quantity) return true;
    }
    return false;
  }

  private async response(order: Order, clientSecret: string): Promise<PaymentIntentResponseDto> {
    const provider = this.providers.of(order) ?? this.providers.checkout;
    // A new order is answered as created (its defaults not read back): not yet paid.
    const paid = order.paymentStatus !== undefined && !UNPAID.includes(order.paymentStatus);
    const keysFollow = paid ? order.awaitingKeys : await this.keysToFollow(order);
    return {
      orderId: order.id,
      clientSecret,
      provider: provider.name,
      ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
      currency: order.currency,
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      totalCents: order.totalCents,
      subtotal: order.subtotalCents,
      discount: order.discountCents,
      tax: order.taxCents,
      taxRate: percentOf(order.taxRateBasisPoints),
      taxMode: order.taxMode,
      taxCountry: order.taxCountry,
      reverseCharge: order.reverseCharge,
      vatNumberStatus: order.vatNumberStatus,
      companyNameMismatch: order.vatNameMatch === 'mismatch',
      total: order.totalCents,
      keysToFollow: keysFollow,
      backOrderHours: BACK_ORDER_HOURS,
      bankTransfer: bankTransferOffered(amountOf(order.totalCents, order)),
    };
  }
}
