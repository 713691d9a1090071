// Runs the supertest suites (test/) against MariaDB/MySQL. Each Jest worker creates its own databases
// from TEST_DATABASE_URL's name (store_test_w1_0, ...), so the server only needs to accept CREATE DATABASE.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL || 'mariadb://root@127.0.0.1:3306/store_test';
const result = spawnSync('npx', ['jest', ...process.argv.slice(2), '--roots', '<rootDir>/test'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
