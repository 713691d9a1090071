import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Where a rate came from: the ECB's published file, or typed in by staff. */
export const EXCHANGE_RATE_SOURCES = ['ecb-import', 'staff'] as const;
export type ExchangeRateSource = (typeof EXCHANGE_RATE_SOURCES)[number];

/** A whole number held in a bigint column: the drivers answer it as text, the entity as a number. */
const wholeNumber = {
  to: (value: number) => value,
  from: (value: string | number) => Number(value),
};

/**
 * The ECB's euro reference rate of one currency on one day (#20 §6): 1 EUR = unitsPerEuro / 1,000,000
 * units of the currency ("1 EUR = 1.0823 USD" is 1082300), in integers so no conversion uses floating
 * point. The store has no internet access to fetch them: staff import the ECB's CSV or enter them. The
 * returns convert with the rate of a quarter's last day (or the next day the ECB published one).
 */
@Entity('exchange_rates')
@Index('UQ_exchange_rates_currency_date', ['currency', 'date'], { unique: true })
@Index('IDX_exchange_rates_date', ['date', 'createdAt', 'id'])
export class ExchangeRate {
  @PrimaryGeneratedColumn()
  id: number;

  /** ISO 4217, upper-case (`USD`). */
  @Column({ type: 'varchar', length: 3 })
  currency: string;

  /** The ECB's publication day, `YYYY-MM-DD` (text: a day, not an instant, compared as text). */
  @Column({ type: 'varchar', length: 10 })
  date: string;

  /** Units of the currency per euro, in millionths (a bigint: 1 EUR is about 17,000 IDR). */
  @Column({ type: 'bigint', transformer: wholeNumber })
  unitsPerEuro: number;

  @Column({ type: 'varchar', length: 12 })
  source: ExchangeRateSource;

  /** Who imported or entered it last. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  staffUsername: string | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
