import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TaxDocument, type TaxDocumentKind } from '../entities/tax-document.entity.js';
import { EU_COUNTRIES, percentOf } from '../tax-rates.js';
import {
  asText,
  csvAmount,
  csvStream,
  csvText,
  type CsvDownload,
  type CsvRow,
} from '../../common/csv-file.js';
import { minorUnitDigits, type Currency } from '../../common/money.js';
import { currencyOf } from '../../orders/order-currency.js';
import { ExchangeRatesService } from './exchange-rates.service.js';
import {
  addDays,
  applicableRates,
  convertCents,
  EURO_UNITS,
  formatRate,
  parseDays,
  parseQuarter,
  RATE_WINDOW_DAYS,
  toEuroCents,
  type Period,
  type Quarter,
} from './quarters.js';

/**
 * Where a sale goes in the OSS file: `oss`, the One-Stop-Shop return (VAT due in the buyer's member state);
 * `reverse-charge`, B2B sales to other member states, untaxed (the recapitulative statement's figures);
 * `domestic`, sales in the seller's own member state (SELLER_COUNTRY), which the national return declares.
 */
export const OSS_SECTIONS = ['oss', 'reverse-charge', 'domestic'] as const;
type OssSection = (typeof OSS_SECTIONS)[number];

export const OSS_COLUMNS = [
  'Section',
  'Country',
  'VAT rate (%)',
  'Currency',
  'Taxable amount',
  'VAT',
  'ECB rate date',
  'Units per EUR',
  'Taxable amount (EUR)',
  'VAT (EUR)',
  'Invoices',
  'Credit notes',
] as const;

export const UK_COLUMNS = [
  'Quarter',
  'Currency',
  'Box 6 total sales excluding VAT',
  'Box 1 VAT due on sales',
  'Invoices',
  'Credit notes',
  'ECB rate date',
  'Units per EUR',
  'GBP per EUR',
  'GBP per unit',
  'Box 6 (GBP)',
  'Box 1 (GBP)',
] as const;

export const REGISTER_COLUMNS = [
  'Kind',
  'Number',
  'Issued at',
  'Order ID',
  'Corrects invoice',
  'Buyer name',
  'Buyer company',
  'Buyer VAT number',
  'Buyer country',
  'Tax country',
  'Tax mode',
  'VAT rate (%)',
  'Net',
  'Tax',
  'Total',
  'Currency',
  'Reverse charge',
] as const;

/** The register lists invoices, then credit notes, each series in number order. */
const REGISTER_KINDS: readonly TaxDocumentKind[] = ['invoice', 'credit-note'];
/** Documents read per query while the register streams. */
const REGISTER_PAGE = 500;

/** A return's figures for one country, rate and currency: invoices less credit notes. */
interface Totals {
  country: string;
  rateBasisPoints: number;
  currency: Currency;
  reverseCharge: boolean;
  netCents: bigint;
  taxCents: bigint;
  invoices: number;
  creditNotes: number;
}

/**
 * The tax returns of a quarter (#20 §6), as CSV: the EU One-Stop-Shop return, the UK VAT figures, and
 * the register of invoices and credit notes. Read from the documents as issued (tax_documents), converted
 * at the ECB rates staff keep (ExchangeRatesService).
 *
 * Retention ("orders keep their tax evidence for 10 years"): nothing in the store deletes or anonymises an
 * order, its tax documents or its evidence columns, and the database refuses to delete an order that has
 * a tax document (its foreign key is RESTRICT). A purge added later must keep both for 10 years after the
 * end of the year they were issued in.
 */
@Injectable()
export class TaxReturnsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rates: ExchangeRatesService,
    private readonly audit: AuditService,
  ) {}

  /**
   * One row per member state, rate and currency, in sections (OSS_SECTIONS): the taxable amount and the
   * VAT in the documents' currency and in euros, converted per row (the totals, not each document) at the
   * ECB rate of the quarter's last day.
   */
  async oss(quarterText: string | undefined): Promise<CsvDownload> {
    const quarter = parseQuarter(quarterText);
    const seller = this.config.tax.sellerCountry;
    const section = (t: Totals): OssSection =>
      t.reverseCharge ? 'reverse-charge' : t.country === seller ? 'domestic' : 'oss';
    const rows = (await this.totals(quarter, EU_COUNTRIES))
      .map((t) => ({ ...t, section: section(t) }))
      .sort(
        (a, b) =>
          OSS_SECTIONS.indexOf(a.section) - OSS_SECTIONS.indexOf(b.section) ||
          a.country.localeCompare(b.country) ||
          a.rateBasisPoints - b.rateBasisPoints ||
          a.currency.localeCompare(b.currency),
      );
    const euroRates = await this.euroRates(
      quarter,
      rows.map((row) => row.currency),
    );
    const lines = rows.map((row): CsvRow => {
      const rate = euroRates.get(row.currency) ?? { date: '', unitsPerEuro: EURO_UNITS };
      return [
        row.section,
        row.country,
        percentOf(row.rateBasisPoints),
        row.currency,
        csvAmount(row.netCents, row.currency),
        csvAmount(row.taxCents, row.currency),
        rate.date,
        formatRate(rate.unitsPerEuro),
        csvAmount(toEuroCents(row.netCents, rate.unitsPerEuro, row.currency), 'EUR'),
        csvAmount(toEuroCents(row.taxCents, rate.unitsPerEuro, row.currency), 'EUR'),
        row.invoices,
        row.creditNotes,
      ];
    });
    return { fileName: `oss-${quarter.label}.csv`, content: csvText(OSS_COLUMNS, lines) };
  }

  /**
   * The UK's figures for the quarter, one row per currency: box 6 (sales excluding VAT) and box 1 (the VAT
   * on them), invoices less credit notes, in the documents' currency and in pounds at the ECB cross rate
   * (both currencies' euro rates of one day: the quarter's last, or the ECB's next), each rate stated.
   */
  async uk(quarterText: string | undefined): Promise<CsvDownload> {
    const quarter = parseQuarter(quarterText);
    const byCurrency = new Map<Currency, Totals>();
    for (const t of await this.totals(quarter, ['GB'])) {
      if (t.reverseCharge) continue;
      const sum = byCurrency.get(t.currency) ?? {
        ...t,
        netCents: 0n,
        taxCents: 0n,
        invoices: 0,
        creditNotes: 0,
      };
      sum.netCents += t.netCents;
      sum.taxCents += t.taxCents;
      sum.invoices += t.invoices;
      sum.creditNotes += t.creditNotes;
      byCurrency.set(t.currency, sum);
    }
    const currencies = [...byCurrency.keys()].sort();
    const converted = currencies.filter((currency) => currency !== 'GBP');
    const published = await this.quarterRates(
      quarter,
      converted.length ? [...converted, 'GBP'].filter((currency) => currency !== 'EUR') : [],
    );
    const lines = currencies.map((currency): CsvRow => {
      const t = byCurrency.get(currency)!;
      const counts = [t.invoices, t.creditNotes];
      const figures = [csvAmount(t.netCents, currency), csvAmount(t.taxCents, currency)];
      if (currency === 'GBP')
        return [quarter.label, currency, ...figures, ...counts, '', '', '', '', ...figures];
      const { date, unitsPerEuro } = applicableRates(
        published,
        currency === 'EUR' ? ['GBP'] : [currency, 'GBP'],
        quarter.lastDay,
      );
      const from = currency === 'EUR' ? EURO_UNITS : unitsPerEuro.get(currency)!;
      const gbp = unitsPerEuro.get('GBP')!;
      return [
        quarter.label,
        currency,
        ...figures,
        ...counts,
        date,
        formatRate(from),
        formatRate(gbp),
        formatRate(Number(convertCents(BigInt(EURO_UNITS), from, gbp))),
        csvAmount(convertCents(t.netCents, from, gbp, { from: minorUnitDigits(currency), to: 2 }), 'GBP'),
        csvAmount(convertCents(t.taxCents, from, gbp, { from: minorUnitDigits(currency), to: 2 }), 'GBP'),
      ];
    });
    return { fileName: `uk-${quarter.label}.csv`, content: csvText(UK_COLUMNS, lines) };
  }

  /**
   * Every invoice and credit note issued in a quarter (or from one day to another), invoices first, each
   * series in number order, streamed from the database. A credit note's amounts are negative here, so each
   * column adds up to the period's figures. The export is recorded in the audit trail: it names buyers.
   */
  async register(
    query: { quarter?: string; from?: string; to?: string },
    actor: StaffUserDto,
  ): Promise<CsvDownload> {
    const byDays = query.from !== undefined || query.to !== undefined;
    if (byDays && query.quarter !== undefined)
      throw new BadRequestException('Send either quarter, or from and to, not both');
    const period = byDays ? parseDays(query.from, query.to) : parseQuarter(query.quarter);
    await this.audit.record(this.db.manager, actor, {
      action: 'tax-returns.register',
      resource: 'tax-returns',
      resourceId: period.label,
    });
    return {
      fileName: `register-${period.label}.csv`,
      content: csvStream(REGISTER_COLUMNS, this.registerRows(period)),
    };
  }

  /**
   * The documents of `period` taxed in one of `countries` (tax not off), added up per country, rate,
   * currency and reverse charge: invoices less credit notes.
   */
  private async totals(period: Period, countries: readonly string[]): Promise<Totals[]> {
    const raw = await this.db
      .getRepository(TaxDocument)
      .createQueryBuilder('d')
      .select('d.taxCountry', 'country')
      .addSelect('d.taxRateBasisPoints', 'rate')
      .addSelect('d.currency', 'currency')
      .addSelect('d.reverseCharge', 'reverseCharge')
      .addSelect('d.kind', 'kind')
      .addSelect('SUM(d.netCents)', 'net')
      .addSelect('SUM(d.taxCents)', 'tax')
      .addSelect('COUNT(*)', 'documents')
      .where('d.issuedAt >= :from AND d.issuedAt < :to', { from: period.from, to: period.to })
      .andWhere('d.taxMode <> :off', { off: 'off' })
      .andWhere('d.taxCountry IN (:...countries)', { countries })
      .groupBy('d.taxCountry')
      .addGroupBy('d.taxRateBasisPoints')
      .addGroupBy('d.currency')
      .addGroupBy('d.reverseCharge')
      .addGroupBy('d.kind')
      .getRawMany<{
        country: string;
        rate: number | string;
        currency: string;
        reverseCharge: number | string | boolean;
        kind: TaxDocumentKind;
        net: number | string;
        tax: number | string;
        documents: number | string;
      }>();
    const totals = new Map<string, Totals>();
    for (const row of raw) {
      const reverseCharge = Boolean(Number(row.reverseCharge));
      const currency = currencyOf(row);
      const key = [row.country, row.rate, currency, reverseCharge].join('|');
      const t = totals.get(key) ?? {
        country: row.country,
        rateBasisPoints: Number(row.rate),
        currency,
        reverseCharge,
        netCents: 0n,
        taxCents: 0n,
        invoices: 0,
        creditNotes: 0,
      };
      // SUM answers a DECIMAL on MySQL/MariaDB (text here), an integer on SQLite.
      const sign = row.kind === 'credit-note' ? -1n : 1n;
      t.netCents += sign * BigInt(row.net);
      t.taxCents += sign * BigInt(row.tax);
      if (row.kind === 'credit-note') t.creditNotes += Number(row.documents);
      else t.invoices += Number(row.documents);
      totals.set(key, t);
    }
    return [...totals.values()];
  }

  /** Each currency's euro rate for the quarter (applicableRates); euros need none. */
  private async euroRates(quarter: Quarter, currencies: readonly string[]) {
    const needed = [...new Set(currencies)].filter((currency) => currency !== 'EUR');
    const published = await this.quarterRates(quarter, needed);
    return new Map(
      needed.map((currency) => {
        const { date, unitsPerEuro } = applicableRates(published, [currency], quarter.lastDay);
        return [currency, { date, unitsPerEuro: unitsPerEuro.get(currency)! }];
      }),
    );
  }

  /** The rates of `currencies` that may convert the quarter: from its last day to RATE_WINDOW_DAYS after. */
  private quarterRates(quarter: Quarter, currencies: readonly string[]) {
    return this.rates.published(currencies, quarter.lastDay, addDays(quarter.lastDay, RATE_WINDOW_DAYS));
  }

  /**
   * The register's rows. Each series' numbers are found first (the period's lowest and highest of each kind
   * and year, through the issue-time index), then read in pages along the series index, so the database
   * never sorts the period.
   */
  private async *registerRows(period: Period): AsyncGenerator<CsvRow> {
    const repo = this.db.getRepository(TaxDocument);
    const inPeriod = [
      'd.issuedAt >= :from AND d.issuedAt < :to',
      { from: period.from, to: period.to },
    ] as const;
    const spans = (
      await repo
        .createQueryBuilder('d')
        .select('d.kind', 'kind')
        .addSelect('d.year', 'year')
        .addSelect('MIN(d.sequence)', 'first')
        .addSelect('MAX(d.sequence)', 'last')
        .where(...inPeriod)
        .groupBy('d.kind')
        .addGroupBy('d.year')
        .getRawMany<{
          kind: TaxDocumentKind;
          year: number | string;
          first: number | string;
          last: number | string;
        }>()
    )
      .map((s) => ({ kind: s.kind, year: Number(s.year), first: Number(s.first), last: Number(s.last) }))
      .sort((a, b) => REGISTER_KINDS.indexOf(a.kind) - REGISTER_KINDS.indexOf(b.kind) || a.year - b.year);
    for (const span of spans) {
      for (let next = span.first; next <= span.last;) {
        const page = await repo
          .createQueryBuilder('d')
          .where('d.kind = :kind AND d.year = :year', { kind: span.kind, year: span.year })
          .andWhere('d.sequence >= :next AND d.sequence <= :last', { next, last: span.last })
          .andWhere(...inPeriod)
          .orderBy('d.sequence', 'ASC')
          .limit(REGISTER_PAGE)
          .getMany();
        if (!page.length) break;
        const corrected = await this.invoiceNumbers(page);
        for (const doc of page) yield registerRow(doc, corrected);
        next = page.at(-1)!.sequence + 1;
      }
    }
  }

  /** The numbers of the invoices the credit notes among `documents` correct, by id. */
  private async invoiceNumbers(documents: readonly TaxDocument[]): Promise<Map<string, string>> {
    const ids = [...new Set(documents.map((doc) => doc.invoiceId).filter((id): id is string => !!id))];
    if (!ids.length) return new Map();
    const invoices = await this.db
      .getRepository(TaxDocument)
      .find({ select: { id: true, number: true }, where: { id: In(ids) } });
    return new Map(invoices.map((invoice) => [invoice.id, invoice.number]));
  }
}

/** A document as a row of the register: a credit note's amounts negative. */
function registerRow(doc: TaxDocument, invoiceNumbers: ReadonlyMap<string, string>): CsvRow {
  const sign = doc.kind === 'credit-note' ? -1n : 1n;
  const amount = (cents: number) => csvAmount(sign * BigInt(cents), currencyOf(doc));
  const buyer = doc.details.buyer;
  return [
    doc.kind,
    doc.number,
    doc.issuedAt.toISOString(),
    doc.orderId,
    doc.invoiceId ? (invoiceNumbers.get(doc.invoiceId) ?? '') : '',
    asText(buyer.name),
    asText(buyer.company),
    asText(buyer.vatNumber),
    buyer.country ?? '',
    doc.taxCountry ?? '',
    doc.taxMode,
    percentOf(doc.taxRateBasisPoints),
    amount(doc.netCents),
    amount(doc.taxCents),
    amount(doc.totalCents),
    currencyOf(doc),
    doc.reverseCharge ? 'yes' : 'no',
  ];
}
