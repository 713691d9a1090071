import apiSuitesSetup from '../../test/support/global-setup.ts'; // .ts: Jest's global hooks load it without the moduleNameMapper
import { migrateTemplate, TEMPLATE_VARIABLE } from './template.ts';

/** The API suites' global setup (whether Redis answers), then the pass's migrated template (template.ts). */
export default async function globalSetup(...args: Parameters<typeof apiSuitesSetup>): Promise<void> {
  await apiSuitesSetup(...args);
  process.env[TEMPLATE_VARIABLE] = await migrateTemplate(process.env.RESILIENCE_DATABASE_URL);
}
