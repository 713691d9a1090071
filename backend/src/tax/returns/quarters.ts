import { BadRequestException, ConflictException } from '@nestjs/common';
import { minorUnitDigits, type Currency } from '../../common/money.js';

/*
 * The returns' maths (#20 §6): quarters and days in UTC, which day's ECB rate applies to a quarter, and
 * conversions between currencies through their euro rates, in integers.
 */

export const BAD_QUARTER = 'quarter must look like 2026-Q4';
/** `2026-Q4`; the year from 1000 on (Date.UTC reads 0–99 as 1900–1999). */
export const QUARTER_PATTERN = /^[1-9]\d{3}-Q[1-4]$/;
/** A day as the API and the rates table write it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A stretch of time the returns cover: issued at or after `from`, before `to` (UTC). */
export interface Period {
  /** `2026-Q4`, or `2026-10-01-to-2026-12-31`: the file names say it. */
  label: string;
  from: Date;
  to: Date;
}

export interface Quarter extends Period {
  /** Its last day, `2026-12-31`: the day whose ECB rate converts it. */
  lastDay: string;
}

const MS_PER_DAY = 24 * 60 * 60 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** `2026-Q4` → [2026-10-01, 2027-01-01) UTC, its last day 2026-12-31; anything else a 400. */
export function parseQuarter(text: string | undefined): Quarter {
  if (text === undefined || !QUARTER_PATTERN.test(text)) throw new BadRequestException(BAD_QUARTER);
  const year = Number(text.slice(0, 4));
  const first = (Number(text.slice(6)) - 1) * 3;
  const from = new Date(Date.UTC(year, first, 1));
  const to = new Date(Date.UTC(year, first + 3, 1));
  return { label: text, from, to, lastDay: dayOf(new Date(to.getTime() - MS_PER_DAY)) };
}

/** Whether `text` is a day of the calendar, `YYYY-MM-DD` (not 2026-02-30). */
export function isDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && dayOf(date) === text && date.getUTCFullYear() >= 1000;
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return dayOf(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * MS_PER_DAY));
}

/** The days `from` to `to`, both included, as a Period; a 400 naming the problem otherwise. */
export function parseDays(from: string | undefined, to: string | undefined): Period {
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (value === undefined || !isDay(value))
      throw new BadRequestException(`${name} must be a day such as 2026-10-01`);
  if (to! < from!) throw new BadRequestException('to must not be before from');
  return {
    label: `${from}-to-${to}`,
    from: new Date(`${from}T00:00:00Z`),
    to: new Date(`${addDays(to!, 1)}T00:00:00Z`),
  };
}

/**
 * How many days after a quarter's last day its rate may be published. The ECB publishes on every TARGET
 * business day: the longest gap, over Christmas and New Year, is 4 days.
 */
export const RATE_WINDOW_DAYS = 10;

/** One published rate: 1 EUR = unitsPerEuro / 1,000,000 units of `currency` on `date`. */
export interface PublishedRate {
  currency: string;
  date: string;
  unitsPerEuro: number;
}

export const noRateMessage = (currency: string, lastDay: string) =>
  `No ECB rate for ${currency} on or after ${lastDay}: enter it under Exchange rates (or import the ECB's file)`;

/**
 * The rates that convert a quarter (EU OSS, Art. 366 VAT Directive): the ECB's of its last day, or, when
 * the ECB published none that day (a weekend, a holiday), of the next day it did, within
 * RATE_WINDOW_DAYS. Every one of `currencies` is read on the same day (a cross rate needs both of one
 * day). A 409 naming the first currency without one.
 */
export function applicableRates(
  rates: readonly PublishedRate[],
  currencies: readonly string[],
  lastDay: string,
): { date: string; unitsPerEuro: Map<string, number> } {
  const until = addDays(lastDay, RATE_WINDOW_DAYS);
  const inWindow = rates.filter((rate) => rate.date >= lastDay && rate.date <= until);
  const days = [...new Set(inWindow.map((rate) => rate.date))].sort();
  for (const date of days) {
    const ofDay = new Map(inWindow.filter((r) => r.date === date).map((r) => [r.currency, r.unitsPerEuro]));
    if (currencies.every((currency) => ofDay.has(currency))) return { date, unitsPerEuro: ofDay };
  }
  const missing =
    currencies.find((currency) => !inWindow.some((rate) => rate.currency === currency)) ??
    currencies.find((currency) => !inWindow.some((r) => r.date === days[0] && r.currency === currency))!;
  throw new ConflictException(noRateMessage(missing, lastDay));
}

/** The euro's own rate: 1 EUR = 1.000000 EUR. */
export const EURO_UNITS = 1_000_000;

/** Digits of the minor units converted from and to: cents to cents unless said (JPY has none). */
export interface MinorDigits {
  from: number;
  to: number;
}

/**
 * `cents` (minor units) of one currency in another's, through both currencies' units per euro: cents × to
 * / from, scaled between the currencies' minor units (¥6,000 at 160 JPY per euro is 3750 euro cents),
 * rounded half up (a half cent away from zero, so a credit note's amount rounds as its invoice's did),
 * exactly: in BigInt, whatever the size of the total.
 */
export function convertCents(
  cents: bigint,
  fromUnitsPerEuro: number,
  toUnitsPerEuro: number,
  digits: MinorDigits = { from: 2, to: 2 },
): bigint {
  if (!(fromUnitsPerEuro > 0 && toUnitsPerEuro > 0)) throw new RangeError('Rates must be positive');
  const from = BigInt(fromUnitsPerEuro) * 10n ** BigInt(Math.max(0, digits.from - digits.to));
  const size =
    (cents < 0n ? -cents : cents) *
    BigInt(toUnitsPerEuro) *
    10n ** BigInt(Math.max(0, digits.to - digits.from));
  const rounded = (2n * size + from) / (2n * from);
  return cents < 0n ? -rounded : rounded;
}

/** An amount of `currency` in its minor units (whole yen for JPY) in euro cents, at its units per euro. */
export function toEuroCents(minor: bigint, unitsPerEuro: number, currency: Currency): bigint {
  return convertCents(minor, unitsPerEuro, EURO_UNITS, { from: minorUnitDigits(currency), to: 2 });
}

/** A rate as the ECB writes it: at most 9 digits, then at most 6 decimals. */
export const RATE_PATTERN = /^\d{1,9}(\.\d{1,6})?$/;

/** `1.0823` → 1082300 (millionths), exactly; null when it is not such a number or not above 0. */
export function parseRate(text: string): number | null {
  if (!RATE_PATTERN.test(text)) return null;
  const [units, decimals = ''] = text.split('.');
  const millionths = Number(units) * EURO_UNITS + Number(decimals.padEnd(6, '0'));
  return millionths > 0 ? millionths : null;
}

/** 1082300 → `1.0823`, 1000000 → `1`: the decimals the rate has. */
export function formatRate(millionths: number): string {
  const whole = Math.floor(millionths / EURO_UNITS);
  const decimals = String(millionths % EURO_UNITS)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return decimals ? `${whole}.${decimals}` : String(whole);
}
