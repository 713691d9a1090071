import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyAdapter } from '@nestjs/platform-fastify';
import { AuditModule } from '../../audit/audit.module.js';
import { ExchangeRatesController } from './exchange-rates.controller.js';
import { ExchangeRatesService } from './exchange-rates.service.js';
import { TaxReturnsController } from './tax-returns.controller.js';
import { TaxReturnsService } from './tax-returns.service.js';

/**
 * The tax returns (#20 §6): `/api/admin/tax/returns/*.csv` and the exchange rates they convert with,
 * `/api/admin/exchange-rates`. The rates' import takes the ECB's file as a `text/csv` body: this module
 * teaches Fastify that type unless another module has (AdminLicenseKeysModule does the same, and says
 * why in onModuleInit).
 */
@Module({
  imports: [AuditModule],
  controllers: [ExchangeRatesController, TaxReturnsController],
  providers: [ExchangeRatesService, TaxReturnsService],
})
export class TaxReturnsModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = (this.adapterHost.httpAdapter as FastifyAdapter | undefined)?.getInstance();
    if (fastify && !fastify.hasContentTypeParser('text/csv'))
      fastify.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  }
}
