// Runs the supertest suites (test/) against MariaDB/MySQL. The run migrates one template database named
// after TEST_DATABASE_URL's and the run (store_test_t<pid>), and each test app gets a copy of it
// (store_test_t<pid>_p<worker pid>_0, ...; the empty ones a spec asks for: store_test_p<worker pid>_0, ...),
// so the server only needs to accept CREATE and DROP DATABASE.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL || 'mariadb://root@127.0.0.1:3306/store_test';
// Each test app starts from a copy of the template database, made by DDL on the server: under CI's lanes on
// a slow day a start (in a suite's beforeAll) took past Jest's 30 s. On MariaDB a test or hook has 90 s: a
// hang detector, as every time limit of the suites is; no test relies on it.
const TIMEOUT_MS = 90_000;
const result = spawnSync(
  'npx',
  ['jest', '--testTimeout', String(TIMEOUT_MS), ...process.argv.slice(2), '--roots', '<rootDir>/test'],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  },
);
process.exit(result.status ?? 1);
