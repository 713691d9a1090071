import { availableParallelism } from 'node:os';

// Jest runs the backend's TypeScript through SWC. NestJS 12 and a few of its dependencies ship only ES
// modules, so they are transformed too (Jest's own ESM mode is still experimental).
const esmOnly = [
  '@nestjs',
  'content-disposition',
  'cookie',
  'file-type',
  'strtok3',
  'token-types',
  'uint8array-extras',
  '@tokenizer',
  '@scure',
  '@noble',
  '@otplib',
  'load-esm',
];

export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|e2e-spec)\\.ts$',
  transform: {
    '^.+\\.(t|j|mj)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  testTimeout: 30000,
  // Jest's default leaves one core to itself: on a machine of two, one worker. The API suites spend most of
  // their time waiting (on the database, on timers, on HTTP round trips: CI measured under half a core busy
  // per worker), so one more worker than cores keeps the cores busy; the spec files share nothing (free
  // ports, temporary folders, database and Redis key names of their own process).
  maxWorkers: availableParallelism() + 1,
  // Once per run: whether Redis answers (without it the Redis tests are skipped and named in one line at
  // the end), and the migrated database every test app starts from a copy of (test/support/template.ts).
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  // Every API suite's answers are checked against the committed OpenAPI document (test/support/check-answers.ts).
  setupFilesAfterEnv: ['<rootDir>/test/support/check-answers.ts'],
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};
