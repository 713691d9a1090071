import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { StaffMember } from '../staff/entities/staff-member.entity.js';
import { RecoveryCode } from '../staff/entities/recovery-code.entity.js';
import { MfaChallenge } from '../auth/entities/mfa-challenge.entity.js';
import { Product } from '../catalog/entities/product.entity.js';
import { Message } from '../messages/entities/message.entity.js';
import { Coupon } from '../coupons/entities/coupon.entity.js';
import { DownloadLink } from '../downloads/entities/download-link.entity.js';
import { LicenseActivation } from '../license-keys/entities/license-activation.entity.js';
import { LicenseKey } from '../license-keys/entities/license-key.entity.js';
import { LicenseKeySearchTerm } from '../license-keys/entities/license-key-search-term.entity.js';
import { OutboxEmail } from '../emails/entities/outbox-email.entity.js';
import { JobLease } from '../job-leases/entities/job-lease.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { KeyReport } from '../key-reports/entities/key-report.entity.js';
import { KeyReportScreenshot } from '../key-reports/entities/key-report-screenshot.entity.js';
import { PaymentEvent } from '../payments/entities/payment-event.entity.js';
import { Refund } from '../payments/entities/refund.entity.js';
import { Dispute } from '../payments/disputes/entities/dispute.entity.js';
import { OrderNote } from '../orders/entities/order-note.entity.js';
import { InitialSchema1763700000000 } from '../database/migrations/1763700000000-initial-schema.js';
import { Checkout1763800000000 } from '../database/migrations/1763800000000-checkout.js';
import { AuditLog1763900000000 } from '../database/migrations/1763900000000-audit-log.js';
import { AdminListIndexes1764000000000 } from '../database/migrations/1764000000000-admin-list-indexes.js';
import { ExactIdentities1764100000000 } from '../database/migrations/1764100000000-exact-identities.js';
import { RefundDue1764200000000 } from '../database/migrations/1764200000000-refund-due.js';
import { RefundDueIndex1764200000001 } from '../database/migrations/1764200000001-refund-due-index.js';
import { StaffMfa1764300000000 } from '../database/migrations/1764300000000-staff-mfa.js';
import { StockIndexes1764400000000 } from '../database/migrations/1764400000000-stock-indexes.js';
import { CatalogVersion1764416160000 } from '../database/migrations/1764416160000-catalog-version.js';
import { JobLeases1764500000000 } from '../database/migrations/1764500000000-job-leases.js';
import { MacInstallers1764600000000 } from '../database/migrations/1764600000000-mac-installers.js';
import { LicenseKeySearchTerms1764700000000 } from '../database/migrations/1764700000000-license-key-search-terms.js';
import { Refunds1764800000000 } from '../database/migrations/1764800000000-refunds.js';
import { CheckoutConsents1764900000000 } from '../database/migrations/1764900000000-checkout-consents.js';
import { KeyReports1765500000000 } from '../database/migrations/1765500000000-key-reports.js';
import { AwaitingOrdersIndex1765600000000 } from '../database/migrations/1765600000000-awaiting-orders-index.js';
import { AfterSale1765700000000 } from '../database/migrations/1765700000000-after-sale.js';
import { HoldRules1765720000000 } from '../database/migrations/1765720000000-hold-rules.js';
import { OrderTimeline1765740000000 } from '../database/migrations/1765740000000-order-timeline.js';
import { OrderTax1765800000000 } from '../database/migrations/1765800000000-order-tax.js';
import { BusinessBuyers1765900000000 } from '../database/migrations/1765900000000-business-buyers.js';
import { TaxDocuments1765900000001 } from '../database/migrations/1765900000001-tax-documents.js';
import { ExchangeRates1765900000002 } from '../database/migrations/1765900000002-exchange-rates.js';
import { TaxDocument, TaxDocumentSeries } from '../tax/entities/tax-document.entity.js';
import { ExchangeRate } from '../tax/entities/exchange-rate.entity.js';
import { BusinessTools1765900000003 } from '../database/migrations/1765900000003-business-tools.js';
import { SalesBackfill1765900000020 } from '../database/migrations/1765900000020-sales-backfill.js';
import { CustomerView1765900000040 } from '../database/migrations/1765900000040-customer-view.js';
import { ListIndexes1765900000041 } from '../database/migrations/1765900000041-list-indexes.js';
import { OutboxBacklogIndex1765900000060 } from '../database/migrations/1765900000060-outbox-backlog-index.js';
import { KeySearchBackfill1766000000000 } from '../database/migrations/1766000000000-key-search-backfill.js';
import { VatNumberNames1766100000000 } from '../database/migrations/1766100000000-vat-number-names.js';
import { StaffEnrolmentCodes1766100000100 } from '../database/migrations/1766100000100-staff-enrolment-codes.js';
import { MfaChallenges1766100000200 } from '../database/migrations/1766100000200-mfa-challenges.js';
import { ProviderEventTimes1766100000300 } from '../database/migrations/1766100000300-provider-event-times.js';
import { CouponHolds1766100000400 } from '../database/migrations/1766100000400-coupon-holds.js';
import { ProductListPriceSource1766200000100 } from '../database/migrations/1766200000100-product-list-price-source.js';
import { OrdersPaidAtIndex1766200000200 } from '../database/migrations/1766200000200-orders-paid-at-index.js';
import { RefundedOrders1766200000300 } from '../database/migrations/1766200000300-refunded-orders.js';
import { StaffSignInAndDeactivation1766200000500 } from '../database/migrations/1766200000500-staff-sign-in-and-deactivation.js';
import { PaymentsThatConfirmLater1766300000400 } from '../database/migrations/1766300000400-payments-that-confirm-later.js';
import { ProductPrices1766300000100 } from '../database/migrations/1766300000100-product-prices.js';
import { SalesDaysPerCurrency1766300000500 } from '../database/migrations/1766300000500-sales-days-per-currency.js';
import { OrderLocale1766400000100 } from '../database/migrations/1766400000100-order-locale.js';
import { UpperCaseCurrencies1766300000200 } from '../database/migrations/1766300000200-upper-case-currencies.js';
import { FixedAmountCoupons1766300000201 } from '../database/migrations/1766300000201-fixed-amount-coupons.js';
import { Backfill } from '../backfills/entities/backfill.entity.js';
import { Supplier } from '../suppliers/entities/supplier.entity.js';
import { KeyBatch } from '../suppliers/entities/key-batch.entity.js';
import { SalesDay } from '../reports/entities/sales-day.entity.js';
import { ProductSettings } from '../catalog/entities/product-settings.entity.js';
import { ProductPrice } from '../catalog/entities/product-price.entity.js';
import type { DatabaseSchema } from '../database/data-source-options.js';

/**
 * The store's schema registry: what the data source maps and migrates. It sits above every module (it
 * names each module's entities), so database/ takes it as a parameter (dataSourceOptions, DatabaseModule)
 * from the app module, the commands and the tests instead of importing the modules it serves.
 */

/** Every entity, listed explicitly (no globs): the same list works from `src` under Jest and from `dist`. */
export const ENTITIES = [
  Product,
  StaffMember,
  Order,
  LicenseKey,
  LicenseKeySearchTerm,
  LicenseActivation,
  DownloadLink,
  Coupon,
  PaymentEvent,
  Refund,
  OutboxEmail,
  Message,
  AuditEntry,
  RecoveryCode,
  JobLease,
  KeyReport,
  KeyReportScreenshot,
  Dispute,
  OrderNote,
  TaxDocument,
  TaxDocumentSeries,
  ExchangeRate,
  Supplier,
  KeyBatch,
  SalesDay,
  ProductSettings,
  ProductPrice,
  Backfill,
  MfaChallenge,
];

/** Migrations in the order they run. A schema change is a new migration appended here. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  Checkout1763800000000,
  AuditLog1763900000000,
  AdminListIndexes1764000000000,
  ExactIdentities1764100000000,
  RefundDue1764200000000,
  RefundDueIndex1764200000001,
  StaffMfa1764300000000,
  StockIndexes1764400000000,
  CatalogVersion1764416160000,
  JobLeases1764500000000,
  MacInstallers1764600000000,
  LicenseKeySearchTerms1764700000000,
  Refunds1764800000000,
  CheckoutConsents1764900000000,
  KeyReports1765500000000,
  AwaitingOrdersIndex1765600000000,
  AfterSale1765700000000,
  HoldRules1765720000000,
  OrderTimeline1765740000000,
  OrderTax1765800000000,
  BusinessBuyers1765900000000,
  TaxDocuments1765900000001,
  ExchangeRates1765900000002,
  BusinessTools1765900000003,
  SalesBackfill1765900000020,
  CustomerView1765900000040,
  ListIndexes1765900000041,
  OutboxBacklogIndex1765900000060,
  KeySearchBackfill1766000000000,
  VatNumberNames1766100000000,
  StaffEnrolmentCodes1766100000100,
  MfaChallenges1766100000200,
  ProviderEventTimes1766100000300,
  CouponHolds1766100000400,
  ProductListPriceSource1766200000100,
  OrdersPaidAtIndex1766200000200,
  RefundedOrders1766200000300,
  StaffSignInAndDeactivation1766200000500,
  ProductPrices1766300000100,
  UpperCaseCurrencies1766300000200,
  FixedAmountCoupons1766300000201,
  PaymentsThatConfirmLater1766300000400,
  SalesDaysPerCurrency1766300000500,
  OrderLocale1766400000100,
];

export const SCHEMA: DatabaseSchema = { entities: ENTITIES, migrations: MIGRATIONS };
