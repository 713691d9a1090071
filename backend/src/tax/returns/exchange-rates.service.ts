import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { parseListQuery, type ListPage, type ListQueryDto } from '../../common/list-query.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { isMysqlFamily, isUniqueViolation } from '../../database/errors.js';
import { fetchPage, sortList, whereIdIn } from '../../database/list-page.js';
import { runInTransaction } from '../../database/transactions.js';
import { ExchangeRate } from '../entities/exchange-rate.entity.js';
import {
  DATE_MESSAGE,
  ExchangeRateDto,
  RATE_MESSAGE,
  type CreateExchangeRateDto,
  type ImportExchangeRatesResultDto,
  type UpdateExchangeRateDto,
} from './dto/exchange-rate.dto.js';
import { parseEcbCsv } from './ecb-csv.js';
import { formatRate, isDay, parseRate, type PublishedRate } from './quarters.js';

export const RATE_NOT_FOUND = 'Exchange rate not found';
export const EURO_NEEDS_NO_RATE = 'EUR needs no rate: amounts in euros are not converted';
const duplicate = (currency: string, date: string) =>
  `A rate for ${currency} on ${date} exists already: edit that one`;

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const RATE_LIST = {
  // The columns an index orders (the date's, and the key): the history holds some 200,000 rates.
  sortable: ['date', 'id'] as const,
  defaultSort: ['date', 'DESC'] as ['date', 'DESC'],
  filters: { id: 'int[]', currency: 'string', source: 'string' } as const,
};

/** Rows per INSERT of an import: well under every driver's limit of bound values. */
const IMPORT_BATCH = 500;

/** The stored value of each field of a rate, as the audit trail records it. */
const recorded = (rate: Pick<ExchangeRate, 'currency' | 'date' | 'unitsPerEuro'>) => ({
  currency: rate.currency,
  date: rate.date,
  unitsPerEuro: rate.unitsPerEuro,
});

/**
 * The ECB's euro reference rates (#20 §6), kept by staff: imported from the ECB's CSV, or entered, and
 * read by the returns (TaxReturnsService).
 */
@Injectable()
export class ExchangeRatesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  async list(dto: ListQueryDto): Promise<ListPage<ExchangeRateDto>> {
    const { sort, skip, take, filter } = parseListQuery(dto, RATE_LIST);
    const query = this.db.getRepository(ExchangeRate).createQueryBuilder('r');
    if (filter.id) whereIdIn(query, 'r.id', filter.id);
    if (filter.currency)
      query.andWhere('r.currency = :currency', { currency: filter.currency.toUpperCase() });
    if (filter.source) query.andWhere('r.source = :source', { source: filter.source });
    const page = await fetchPage(sortList(query, sort.field, sort.order), skip, take);
    return { ...page, rows: page.rows.map((row) => ExchangeRateDto.from(row)) };
  }

  async get(id: number): Promise<ExchangeRateDto> {
    return ExchangeRateDto.from(await this.find(this.db.manager, id));
  }

  async create(dto: CreateExchangeRateDto, actor: StaffUserDto): Promise<ExchangeRateDto> {
    const values = checked(dto);
    const saved = await this.unique(values, () =>
      runInTransaction(this.db, async (m) => {
        const rate = await m.save(
          m.create(ExchangeRate, { ...values, source: 'staff', staffUsername: actor.username }),
        );
        await this.audit.record(m, actor, {
          action: 'exchange-rates.create',
          resource: 'exchange-rates',
          resourceId: rate.id,
          after: recorded(rate),
        });
        return rate;
      }),
    );
    return this.get(saved.id);
  }

  /** Changes the fields sent; the rate is then staff's. */
  async update(id: number, dto: UpdateExchangeRateDto, actor: StaffUserDto): Promise<ExchangeRateDto> {
    if (dto.currency === undefined && dto.date === undefined && dto.rate === undefined)
      throw new BadRequestException('Nothing to update: send currency, date or rate');
    await runInTransaction(this.db, async (m) => {
      const before = await this.find(m, id);
      const values = checked({
        currency: dto.currency ?? before.currency,
        date: dto.date ?? before.date,
        rate: dto.rate ?? formatRate(before.unitsPerEuro),
      });
      await this.unique(values, () =>
        m.update(ExchangeRate, id, { ...values, source: 'staff', staffUsername: actor.username }),
      );
      await this.audit.record(m, actor, {
        action: 'exchange-rates.update',
        resource: 'exchange-rates',
        resourceId: id,
        before: recorded(before),
        after: values,
      });
    });
    return this.get(id);
  }

  /** Deletes a rate; a return asked for afterwards needs another for its day (a 409 says so). */
  async remove(id: number, actor: StaffUserDto): Promise<ExchangeRateDto> {
    return runInTransaction(this.db, async (m) => {
      const rate = await this.find(m, id);
      await m.delete(ExchangeRate, { id });
      await this.audit.record(m, actor, {
        action: 'exchange-rates.delete',
        resource: 'exchange-rates',
        resourceId: id,
        before: recorded(rate),
      });
      return ExchangeRateDto.from(rate);
    });
  }

  /**
   * Stores every rate of an ECB file (parseEcbCsv), replacing the ones of the same currency and day (the
   * ECB's figure is the reference, whoever entered one before): all in one transaction, so a file is
   * imported whole or not at all.
   */
  async importCsv(text: string, actor: StaffUserDto): Promise<ImportExchangeRatesResultDto> {
    const file = parseEcbCsv(text);
    const days = file.rates.map((rate) => rate.date).sort();
    const result = {
      rates: file.rates.length,
      dates: file.dates,
      notAvailable: file.notAvailable,
      currencies: file.currencies,
      from: days[0]!,
      to: days.at(-1)!,
    };
    await runInTransaction(this.db, async (m) => {
      for (let i = 0; i < file.rates.length; i += IMPORT_BATCH)
        await this.upsert(m, file.rates.slice(i, i + IMPORT_BATCH), actor.username);
      await this.audit.record(m, actor, {
        action: 'exchange-rates.import',
        resource: 'exchange-rates',
        after: result,
      });
    });
    return result;
  }

  /** The rates of `currencies` published from `from` to `to` (days, both included). */
  async published(currencies: readonly string[], from: string, to: string): Promise<PublishedRate[]> {
    if (!currencies.length) return [];
    const rows = await this.db
      .getRepository(ExchangeRate)
      .createQueryBuilder('r')
      .where('r.currency IN (:...currencies)', { currencies })
      .andWhere('r.date >= :from AND r.date <= :to', { from, to })
      .getMany();
    return rows.map(({ currency, date, unitsPerEuro }) => ({ currency, date, unitsPerEuro }));
  }

  /**
   * Adds the rates, or replaces the ones of the same currency and day: one statement per batch, written
   * here (TypeORM's builder spends more time composing a batch than the database storing it).
   */
  private async upsert(m: EntityManager, rates: PublishedRate[], staffUsername: string): Promise<void> {
    const now = this.db.driver.mappedDataTypes.updateDateDefault as string;
    const mysql = isMysqlFamily(this.db.options.type);
    const take = (column: string) =>
      mysql ? `${column} = VALUES(${column})` : `${column} = excluded.${column}`;
    await m.query(
      'INSERT INTO exchange_rates (currency, date, unitsPerEuro, source, staffUsername, updatedAt) VALUES ' +
        rates.map(() => `(?, ?, ?, 'ecb-import', ?, ${now})`).join(', ') +
        (mysql ? ' ON DUPLICATE KEY UPDATE ' : ' ON CONFLICT (currency, date) DO UPDATE SET ') +
        ['unitsPerEuro', 'source', 'staffUsername', 'updatedAt'].map(take).join(', '),
      rates.flatMap((rate) => [rate.currency, rate.date, rate.unitsPerEuro, staffUsername]),
    );
  }

  private async find(m: EntityManager, id: number): Promise<ExchangeRate> {
    const rate = await m.findOneBy(ExchangeRate, { id });
    if (!rate) throw new NotFoundException(RATE_NOT_FOUND);
    return rate;
  }

  /** A rate of a currency and day that exists already (or was added meanwhile) is a 409. */
  private async unique<T>(values: { currency: string; date: string }, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(duplicate(values.currency, values.date));
      throw error;
    }
  }
}

/** A rate's fields as stored, or a 400 naming what the DTO's patterns could not check. */
function checked(dto: { currency: string; date: string; rate: string }) {
  if (dto.currency === 'EUR') throw new BadRequestException([EURO_NEEDS_NO_RATE]);
  if (!isDay(dto.date)) throw new BadRequestException([DATE_MESSAGE]);
  const unitsPerEuro = parseRate(dto.rate);
  if (unitsPerEuro === null) throw new BadRequestException([RATE_MESSAGE]);
  return { currency: dto.currency, date: dto.date, unitsPerEuro };
}
