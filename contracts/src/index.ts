/*
 * The API's contract as the front ends use it: friendly names for the generated types (openapi.ts) and the
 * values the server defines once (countries, statuses, limits), read from the OpenAPI document's schemas
 * (rules.ts). Both are generated from openapi.json by `npm run contract`; no value here is written by hand.
 */
import catalog from '../catalog.json' with { type: 'json' };
import type { components } from './openapi.ts';
import { schemaRules } from './rules.ts';

export type { components, operations, paths } from './openapi.ts';

type Schemas = components['schemas'];

// The catalogue and the store.
export type Product = Schemas['ProductDto'];
export type IncludedApp = Schemas['IncludedAppDto'];
export type Platform = Schemas['Platform'];
export type ProductStockLevel = Schemas['ProductStockLevel'];
export type StoreConfig = Schemas['StoreConfigDto'];
/** `GET /api/tax-rates`: each checkout country's consumer VAT rate today. */
export type TaxRates = Schemas['TaxRatesDto'];
export type SupportHours = Schemas['SupportHoursDto'];
export type SupportScheduleRow = Schemas['SupportScheduleRowDto'];
export type PaymentProvider = Schemas['PaymentProvider'];
/** An upper-case ISO 4217 code of a currency the store can sell in (#35). */
export type Currency = Schemas['Currency'];

// Checkout and orders.
export type Billing = Schemas['BillingDto'];
export type CountryCode = Schemas['CountryCode'];
export type PhoneKey = Schemas['PhoneKey'];
export type CartItem = Schemas['CartItemDto'];
export type AppliedCoupon = Schemas['CouponDiscountDto'];
export type PaymentIntentRequest = Schemas['CreatePaymentIntentDto'];
/** The statements a buyer gives before paying (`consents` of the payment request). */
export type Consents = Schemas['ConsentsDto'];
export type Consent = keyof Consents;
export type PaymentIntent = Schemas['PaymentIntentResponseDto'];
/** `GET /api/orders/:id/status`: where a checkout's order is. */
export type OrderStatusReply = Schemas['OrderStatusDto'];
export type OrderStatus = Schemas['OrderStatus'];
export type PaymentStatus = Schemas['PaymentStatus'];
export type RefundReason = Schemas['RefundReason'];
export type LicenseKeyStatus = Schemas['LicenseKeyStatus'];
export type CustomerOrder = Schemas['CustomerOrderDto'];
/** A credit note of a customer's order (`creditNotes`), its PDF beside the invoice's. */
export type CustomerCreditNote = Schemas['CustomerCreditNoteDto'];
export type KeyReportRequest = Schemas['CreateKeyReportDto'];
export type CustomerKeyReport = Schemas['CustomerKeyReportDto'];
export type KeyReportStatus = Schemas['KeyReportStatus'];
export type ContactMessage = Schemas['CreateContactMessageDto'];
export type ContactCategory = Schemas['ContactCategory'];

// The back office.
export type StaffRole = Schemas['StaffRole'];
export type StaffUser = Schemas['StaffUserDto'];
/** A row of `GET /api/admin/orders`: the order and the products it holds. */
export type AdminOrderListRow = Schemas['AdminOrderListRowDto'];
/** An order's own fields: a list row without its products (what the detail adds to). */
export type AdminOrderRow = Omit<AdminOrderListRow, 'productIds'>;
export type AdminOrderDetail = Schemas['AdminOrderDetailDto'];
/** A row of `GET /api/admin/reviews`: a held order with the buyer's history and its timeline. */
export type ReviewQueueRow = Schemas['ReviewQueueRowDto'];
export type AdminRefund = Schemas['AdminRefundDto'];
export type RefundRequest = Schemas['CreateRefundDto'];
export type RefundStatus = Schemas['RefundStatus'];
/** `GET /api/admin/orders/:id/timeline`: the order's story, oldest first. */
export type OrderTimeline = Schemas['OrderTimelineDto'];
export type TimelineEntry = Schemas['TimelineEntryDto'];
export type TimelineKind = Schemas['TimelineKind'];
export type OrderNote = Schemas['OrderNoteDto'];
export type OrderNoteRequest = Schemas['CreateOrderNoteDto'];
/** A chargeback or early fraud warning on the order detail (`disputes`). */
export type AdminDispute = Schemas['AdminDisputeDto'];
/** A credit note of the order detail (`creditNotes`): one per refund, and for a dispute lost. */
export type AdminCreditNote = Schemas['AdminCreditNoteDto'];
export type AdminLicenseKey = Schemas['AdminLicenseKeyDto'];
export type AdminDownload = Schemas['AdminDownloadDto'];
export type AdminCoupon = Schemas['AdminCouponDto'];
export type AdminEmail = Schemas['AdminEmailDto'];
export type EmailStatus = Schemas['EmailStatus'];
export type AdminMessage = Schemas['AdminMessageDto'];
export type MessageStatus = Schemas['MessageStatus'];
export type AdminKeyReport = Schemas['AdminKeyReportDto'];
export type DashboardStats = Schemas['DashboardStatsDto'];
/** A period of `GET /api/admin/reports/sales`; a row of `GET /api/admin/reports/margins`. */
export type SalesPeriod = Schemas['SalesPeriodDto'];
export type MarginRow = Schemas['MarginRowDto'];
/** The order detail's `margin` (admins only). */
export type AdminOrderMargin = Schemas['AdminOrderMarginDto'];

/** The rules of each schema, by schema name: `SCHEMA_RULES.BillingDto.properties.city.maxLength`. */
export const SCHEMA_RULES = schemaRules;

export const ORDER_STATUSES: readonly OrderStatus[] = schemaRules.OrderStatus.enum;
export const PAYMENT_STATUSES: readonly PaymentStatus[] = schemaRules.PaymentStatus.enum;
export const LICENSE_KEY_STATUSES: readonly LicenseKeyStatus[] = schemaRules.LicenseKeyStatus.enum;
export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = schemaRules.PaymentProvider.enum;
export const CONTACT_CATEGORIES: readonly ContactCategory[] = schemaRules.ContactCategory.enum;
export const STAFF_ROLES: readonly StaffRole[] = schemaRules.StaffRole.enum;

/** A country the store sells to, its name, and the phone prefix the checkout preselects with it. */
export interface Country {
  code: CountryCode;
  name: string;
  phoneKey: PhoneKey;
}

const countryCodes = schemaRules.CountryCode;
const phoneKeyOf: Record<CountryCode, PhoneKey> = schemaRules.BillingDto.properties.country['x-phoneKeys'];

/** The countries, in the order the server lists them (the checkout's order). */
export const COUNTRIES: readonly Country[] = countryCodes.enum.map((code, index) => ({
  code,
  name: countryCodes['x-enumNames'][index]!,
  phoneKey: phoneKeyOf[code],
}));

/** The phone prefixes the checkout offers, each once, in the server's order. */
export const PHONE_KEYS: readonly PhoneKey[] = schemaRules.PhoneKey.enum;

/** Each statement of `consents`, in the words the checkout shows and the delivery e-mail confirms. */
export const CONSENT_STATEMENTS: Record<Consent, string> = {
  immediateDelivery: schemaRules.ConsentsDto.properties.immediateDelivery['x-statement'],
  withdrawalRightLoss: schemaRules.ConsentsDto.properties.withdrawalRightLoss['x-statement'],
};

/** The billing countries (the EU's and the UK) whose buyers must give both statements before paying. */
export const CONSENT_REQUIRED_COUNTRIES: readonly CountryCode[] =
  schemaRules.CreatePaymentIntentDto.properties.consents['x-requiredFor'];

/** The billing form's limits and patterns, as the server checks them (BillingDto). */
export const BILLING_RULES = schemaRules.BillingDto.properties;

/** The refund request's bounds, as the server checks them (CreateRefundDto). */
export const REFUND_RULES = schemaRules.CreateRefundDto.properties;

/** The contact form's limits, as the server checks them (CreateContactMessageDto). */
export const CONTACT_RULES = schemaRules.CreateContactMessageDto.properties;

/** The key report form's limits, as the server checks them (CreateKeyReportDto). */
export const KEY_REPORT_RULES = schemaRules.CreateKeyReportDto.properties;

/** A product's words as the catalogue has them, until GET /api/products answers (no price, no stock). */
export type CatalogEntry = Pick<
  Product,
  'id' | 'title' | 'subtitle' | 'description' | 'includedApps' | 'compatibility'
>;

/**
 * The catalogue's words when `npm run contract` last ran (catalog.json; a backend spec checks that it is what
 * GET /api/products answers). For what must be right before the API answers: the prerendered product pages
 * and footer, the back office's names of products until it has the catalogue.
 */
// The JSON's platforms read as strings; the backend spec holds them to the server's.
export const BUILD_CATALOG = catalog as readonly CatalogEntry[];

export { countOf, withArticle } from './words.ts';
