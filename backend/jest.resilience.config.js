// `npm run test:resilience`: the resilience specs (resilience/*.resilience-spec.ts) against the built
// server as a real process. Same transform as the unit and API suites; one spec at a time, since each
// starts servers and measures what they do under load. The global setup migrates the pass's template
// database, which each spec's store copies (resilience/support/template.ts).
import base from './jest.config.js';

export default {
  ...base,
  roots: ['<rootDir>/resilience'],
  testRegex: '\\.resilience-spec\\.ts$',
  testTimeout: 300_000,
  maxWorkers: 1,
  globalSetup: '<rootDir>/resilience/support/global-setup.ts',
  globalTeardown: '<rootDir>/resilience/support/global-teardown.ts',
};
