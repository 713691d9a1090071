// `npm run test:upgrade`: the upgrade from the previous release (upgrade/*.upgrade-spec.ts), which builds
// that release and runs its processes. Same transform as the unit and API suites; one spec at a time.
import base from './jest.config.js';

export default {
  ...base,
  roots: ['<rootDir>/upgrade'],
  testRegex: '\\.upgrade-spec\\.ts$',
  testTimeout: 300_000,
  maxWorkers: 1,
};
