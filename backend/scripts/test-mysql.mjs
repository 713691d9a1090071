// Runs the supertest suites (test/) against MariaDB/MySQL. The run migrates one template database named
// after TEST_DATABASE_URL's and the run (store_test_t<pid>), and each test app gets a copy of it
// (store_test_t<pid>_p<worker pid>_0, ...; the empty ones a spec asks for: store_test_p<worker pid>_0, ...),
// so the server only needs to accept CREATE and DROP DATABASE.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL || 'mariadb://root@127.0.0.1:3306/store_test';
const result = spawnSync('npx', ['jest', ...process.argv.slice(2), '--roots', '<rootDir>/test'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
