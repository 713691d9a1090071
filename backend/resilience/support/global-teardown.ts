import apiSuitesTeardown from '../../test/support/global-teardown.ts'; // .ts: Jest's global hooks load it without the moduleNameMapper
import { dropTemplate, TEMPLATE_VARIABLE } from './template.ts';

/** The pass's template dropped, then the API suites' global teardown (the Redis tests skipped, if any). */
export default async function globalTeardown(...args: Parameters<typeof apiSuitesTeardown>): Promise<void> {
  await dropTemplate(process.env[TEMPLATE_VARIABLE]);
  await apiSuitesTeardown(...args);
}
