import { registerHooks } from 'node:module';
import { testRedisAnswers } from './redis-probe.ts'; // .ts: Jest's global hooks load it without the moduleNameMapper

/** Where the workers find the migrated template (test-app.ts): set here, inherited by the workers. */
export const TEMPLATE_VARIABLE = 'STORE_TEST_TEMPLATE';
/** The process whose global teardown drops it: a Jest run inside a spec uses its run's template. */
export const TEMPLATE_OWNER_VARIABLE = 'STORE_TEST_TEMPLATE_OWNER';

/**
 * Before any worker starts: asks once whether Redis answers, and, when the API suites (test/) are in the
 * run, migrates the template database their test apps copy (template.ts), once per run on its driver;
 * globalTeardown drops it. The workers inherit both through the environment.
 */
export default async function globalSetup(_global: unknown, project: { roots: string[] }): Promise<void> {
  testRedisAnswers();
  if (process.env[TEMPLATE_VARIABLE] || !project.roots.some((root) => /[/\\]test$/.test(root))) return;
  // The app's sources import each other as `./x.js` (Node's ESM rule), which the moduleNameMapper maps to
  // `./x.ts` in the workers; Jest's global hooks run without it, so it is done here, for this import only.
  const hooks = registerHooks({
    resolve: (specifier, context, next) => {
      try {
        return next(specifier, context);
      } catch (error) {
        if (!/^\.{1,2}\/.*\.js$/.test(specifier)) throw error;
        return next(specifier.replace(/\.js$/, '.ts'), context);
      }
    },
  });
  try {
    const { migratedTemplate } = await import('./template.ts');
    process.env[TEMPLATE_VARIABLE] = (await migratedTemplate(process.env.TEST_DATABASE_URL)).url;
    process.env[TEMPLATE_OWNER_VARIABLE] = String(process.pid);
  } finally {
    hooks.deregister();
  }
}
