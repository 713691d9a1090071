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
  // Whether Redis answers, asked once; without it the Redis tests are skipped and named in one line at the end.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};
