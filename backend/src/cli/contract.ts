import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app.factory.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { findProjectRoot, loadConfig } from '../config/app-config.js';
import { buildOpenApiDocument, canonicalDocument, CONTRACT_FILES, contractCatalog } from '../web/swagger.js';
import { runCli } from './run-cli.js';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The first step of `npm run contract`: the OpenAPI document this build serves at /api/docs-json (in its
 * canonical order) and the catalogue's words as GET /api/products answers them (contractCatalog), written to
 * CONTRACT_FILES. The app is built as the server builds it, on an in-memory database, and never listens.
 * The settings are fixed here rather than read from the environment, so the files depend on the code alone.
 */
async function main(): Promise<void> {
  const root = findProjectRoot();
  const mailDir = mkdtempSync(join(tmpdir(), 'store-contract-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATABASE_URL: 'sqlite::memory:', MAIL_DIR: mailDir, SEED_DEMO_KEYS: 'false' },
    root,
  );
  const app = await createApp(config, { logger: false });
  try {
    const document = canonicalDocument(buildOpenApiDocument(app));
    const catalog = contractCatalog(app.get(CatalogService).findAll());
    writeFileSync(join(root, CONTRACT_FILES.document), json(document));
    writeFileSync(join(root, CONTRACT_FILES.catalog), json(catalog));
    process.stdout.write(`Wrote ${CONTRACT_FILES.document} and ${CONTRACT_FILES.catalog}\n`);
  } finally {
    await app.close();
    rmSync(mailDir, { recursive: true, force: true });
  }
}

runCli(main);
