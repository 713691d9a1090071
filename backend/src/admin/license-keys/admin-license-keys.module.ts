import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyAdapter } from '@nestjs/platform-fastify';
import { AuditModule } from '../../audit/audit.module.js';
import { BackfillsModule } from '../../backfills/backfills.module.js';
import { FulfilmentModule } from '../../fulfilment/fulfilment.module.js';
import { CatalogModule } from '../../catalog/catalog.module.js';
import { AdminLicenseKeysController } from './admin-license-keys.controller.js';
import { AdminLicenseKeysService } from './admin-license-keys.service.js';
import { LicenseKeysModule } from '../../license-keys/license-keys.module.js';

/**
 * The back office's licence keys (`/api/admin/license-keys`). The CSV import takes a `text/csv` body or a
 * multipart upload, so this module teaches Fastify both. It does so in onModuleInit, which Nest runs in
 * `app.init()`, after the routes are registered on the root Fastify context (whose parser table they
 * share) and before `ready()` (see createApp), when Fastify still accepts parsers and plugins.
 */
@Module({
  imports: [LicenseKeysModule, FulfilmentModule, AuditModule, CatalogModule, BackfillsModule],
  controllers: [AdminLicenseKeysController],
  providers: [AdminLicenseKeysService],
})
export class AdminLicenseKeysModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const adapter = this.adapterHost.httpAdapter as FastifyAdapter | undefined;
    // An application context (no HTTP server) has nothing to configure.
    if (!adapter) return;
    const fastify = adapter.getInstance();
    // Both are read whole, subject to the server's body limit (1 MB, then 413) like every other body, and
    // parsed by the import route (csv-upload.ts). A multipart plugin would hook every request instead.
    if (!fastify.hasContentTypeParser('text/csv')) {
      fastify.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    }
    if (!fastify.hasContentTypeParser('multipart/form-data')) {
      fastify.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
    }
  }
}
