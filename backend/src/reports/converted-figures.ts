import { ApiProperty } from '@nestjs/swagger';
import type { DataSource } from 'typeorm';
import {
  compareCurrencies,
  CURRENCIES,
  DEFAULT_CURRENCY,
  minorUnitDigits,
  type Currency,
} from '../common/money.js';
import { ExchangeRate } from '../tax/entities/exchange-rate.entity.js';
import { addDays, convertCents, EURO_UNITS, RATE_WINDOW_DAYS } from '../tax/returns/quarters.js';

/*
 * Figures of several currencies added up in one (#35): each day's amounts converted at the ECB's rate of
 * that day (decision 2026-11-29-figures-per-currency). The ECB's rates are euros' (X per EUR), so an amount
 * of X in US dollars is X × (USD per EUR) / (X per EUR), both rates of one ECB day: the sale's day, or
 * when the ECB published none that day (a weekend, a holiday) the last day before it did, at most
 * RATE_WINDOW_DAYS before. An amount with no such rate is left out of the converted figures, which then
 * say they are incomplete: a total is never made up from a guessed rate.
 */

/** The currency converted figures are in: the store's default. */
export const CONVERTED_TO: Currency = DEFAULT_CURRENCY;

/** The ECB day whose rates converted an amount of one day, and both rates (units per euro, millionths). */
interface DayRate {
  date: string;
  fromUnitsPerEuro: number;
  toUnitsPerEuro: number;
}

/** The ECB rates of some currencies over a stretch of days, as read once for a report. */
export class RateBook {
  private constructor(private readonly byDate: Map<string, Map<string, number>>) {}

  /** The rates that may convert `currencies`' amounts of the days `firstDay`..`lastDay`. */
  static async load(
    db: DataSource,
    currencies: readonly Currency[],
    firstDay: string,
    lastDay: string,
  ): Promise<RateBook> {
    const byDate = new Map<string, Map<string, number>>();
    if (!currencies.some((c) => c !== CONVERTED_TO)) return new RateBook(byDate);
    const needed = [...new Set([...currencies, CONVERTED_TO])].filter((c) => c !== 'EUR');
    const rows = await db
      .getRepository(ExchangeRate)
      .createQueryBuilder('r')
      .select(['r.currency', 'r.date', 'r.unitsPerEuro'])
      .where('r.currency IN (:...needed)', { needed })
      .andWhere('r.date >= :from AND r.date <= :to', {
        from: addDays(firstDay, -RATE_WINDOW_DAYS),
        to: lastDay,
      })
      .getMany();
    for (const { currency, date, unitsPerEuro } of rows) {
      const ofDay = byDate.get(date) ?? new Map<string, number>();
      ofDay.set(currency, unitsPerEuro);
      byDate.set(date, ofDay);
    }
    return new RateBook(byDate);
  }

  /** The rates that may convert the amounts of `rows` (each of a day and currency). */
  static forRows(db: DataSource, rows: readonly { day: string; currency: Currency }[]): Promise<RateBook> {
    const converted = rows.filter((row) => row.currency !== CONVERTED_TO);
    const days = converted.map((row) => row.day).sort();
    const currencies = [...new Set(converted.map((row) => row.currency))];
    return RateBook.load(db, currencies, days[0] ?? '', days.at(-1) ?? '');
  }

  /** The rates converting `currency` into CONVERTED_TO on `day`, or null when none was published in time. */
  rateOn(currency: Currency, day: string): DayRate | null {
    return this.rateBetween(currency, CONVERTED_TO, day);
  }

  /**
   * The rates converting `from` into `to` on `day` (both of one ECB day: that day or the last before it,
   * at most RATE_WINDOW_DAYS before), or null when none was published in time. The book must have been
   * loaded for both currencies.
   */
  rateBetween(from: Currency, to: Currency, day: string): DayRate | null {
    for (let back = 0; back <= RATE_WINDOW_DAYS; back++) {
      const date = addDays(day, -back);
      const ofDay = this.byDate.get(date);
      const fromUnits = from === 'EUR' ? EURO_UNITS : ofDay?.get(from);
      const toUnits = to === 'EUR' ? EURO_UNITS : ofDay?.get(to);
      if (fromUnits !== undefined && toUnits !== undefined && ofDay)
        return { date, fromUnitsPerEuro: fromUnits, toUnitsPerEuro: toUnits };
    }
    return null;
  }
}

/** Days of one currency that had no rate: their amounts are not in the converted figures. */
export class MissingRateDto {
  @ApiProperty({ enum: CURRENCIES, example: 'EUR' })
  currency: Currency;

  @ApiProperty({ example: '2026-10-03', description: 'The first such day' })
  firstDay: string;

  @ApiProperty({ example: '2026-10-04', description: 'The last such day' })
  lastDay: string;

  @ApiProperty({ type: 'integer', example: 2, description: 'How many days' })
  days: number;
}

/** How figures of several currencies were converted into one. */
export class ConversionDto {
  @ApiProperty({
    enum: [CONVERTED_TO],
    description: 'The currency the totals are converted into (amounts in it are taken as they are)',
  })
  convertedTo: Currency;

  @ApiProperty({
    description:
      'false: some amounts had no ECB rate for their day (nor one of the 10 days before) and are left out ' +
      'of the converted totals (see missingRates); enter or import the rates under Exchange rates',
  })
  complete: boolean;

  @ApiProperty({
    type: 'string',
    nullable: true,
    example: '2026-10-01',
    description: 'The earliest ECB day whose rates converted an amount; null when none was needed',
  })
  firstRateDate: string | null;

  @ApiProperty({ type: 'string', nullable: true, example: '2026-10-30', description: 'The latest such day' })
  lastRateDate: string | null;

  @ApiProperty({ type: [MissingRateDto] })
  missingRates: MissingRateDto[];
}

/** Converts amounts of one report's days, remembering which rates it used and which it lacked. */
export class Converter {
  private readonly used = new Set<string>();
  private readonly missing = new Map<Currency, Set<string>>();

  constructor(private readonly book: RateBook) {}

  /** `cents` of `currency` on `day` in CONVERTED_TO's minor units; null (and remembered) without a rate. */
  convert(cents: number, currency: Currency, day: string): number | null {
    if (currency === CONVERTED_TO || cents === 0) return cents;
    const rate = this.book.rateOn(currency, day);
    if (!rate) {
      this.missing.set(currency, (this.missing.get(currency) ?? new Set()).add(day));
      return null;
    }
    this.used.add(rate.date);
    const digits = { from: minorUnitDigits(currency), to: minorUnitDigits(CONVERTED_TO) };
    return Number(convertCents(BigInt(cents), rate.fromUnitsPerEuro, rate.toUnitsPerEuro, digits));
  }

  /** A converter of the same rates that starts with nothing used or missing (a report's next period). */
  fresh(): Converter {
    return new Converter(this.book);
  }

  summary(): ConversionDto {
    const used = [...this.used].sort();
    return {
      convertedTo: CONVERTED_TO,
      complete: this.missing.size === 0,
      firstRateDate: used[0] ?? null,
      lastRateDate: used.at(-1) ?? null,
      missingRates: [...this.missing]
        .sort(([a], [b]) => compareCurrencies(a, b))
        .map(([currency, days]) => {
          const sorted = [...days].sort();
          return { currency, firstDay: sorted[0]!, lastDay: sorted.at(-1)!, days: sorted.length };
        }),
    };
  }
}

/** A roll-up's figures in one currency on one day. */
export type DayFigures<F extends string> = { day: string; currency: Currency } & Record<F, number>;

/**
 * `rows` (each of one day and currency) added up per currency, and converted day by day into
 * CONVERTED_TO and added up: the `amounts` converted, the `counts` (orders, units) as they are. The
 * amounts of a row without a rate are left out of the converted sums (the converter remembers it).
 */
export function sumAndConvert<F extends string>(
  amounts: readonly F[],
  counts: readonly F[],
  rows: readonly DayFigures<F>[],
  converter: Converter,
): { byCurrency: Map<Currency, Record<F, number>>; converted: Record<F, number> } {
  const fields = [...amounts, ...counts];
  const zero = () => Object.fromEntries(fields.map((f) => [f, 0])) as Record<F, number>;
  const byCurrency = new Map<Currency, Record<F, number>>();
  const converted = zero();
  for (const row of rows) {
    const sum = byCurrency.get(row.currency) ?? zero();
    byCurrency.set(row.currency, sum);
    for (const f of fields) sum[f] += Number(row[f]);
    for (const f of counts) converted[f] += Number(row[f]);
    const inTarget = amounts.map((f) => converter.convert(Number(row[f]), row.currency, row.day));
    if (inTarget.some((a) => a === null)) continue;
    amounts.forEach((f, i) => (converted[f] += inTarget[i]!));
  }
  return { byCurrency: sortedByCurrency(byCurrency), converted };
}

/** The store's currencies in their order (the default first). */
export function sortedByCurrency<T>(map: Map<Currency, T>): Map<Currency, T> {
  return new Map([...map].sort(([a], [b]) => compareCurrencies(a, b)));
}
