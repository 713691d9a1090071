import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { Logger } from '@nestjs/common';

/** Read and write for the owner only: the database, its companions and its backups hold personal data. */
export const PRIVATE_FILE_MODE = 0o600;
/** A folder the store creates for them (var/, a backup folder): its owner only. */
export const PRIVATE_DIR_MODE = 0o700;

/** The files SQLite keeps beside a database while it is open or after a crash. */
const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'];

/**
 * Makes `file` ready to be written privately: created empty with PRIVATE_FILE_MODE (whatever the umask lets
 * through, which can only narrow it) unless it exists, its folder with PRIVATE_DIR_MODE when missing. An
 * existing file others may read (0644, what a default umask gave files before this rule) is narrowed to
 * PRIVATE_FILE_MODE, saying so; a group's access, which someone gave on purpose, is left alone.
 */
export function privateFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    narrow(file);
  }
}

/**
 * A SQLite database file (privateFile) and the companions it has now. SQLite creates its -wal, -shm and
 * -journal files with the database file's own mode, so they are private from then on; ones left from
 * before are narrowed.
 */
export function privateSqliteFiles(file: string): void {
  privateFile(file);
  for (const suffix of SQLITE_COMPANIONS) narrow(`${file}${suffix}`);
}

/** `file`, if it exists and others may read or write it, narrowed to PRIVATE_FILE_MODE. */
export function narrow(file: string): void {
  let mode: number;
  try {
    mode = statSync(file).mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (!(mode & 0o007)) return;
  chmodSync(file, PRIVATE_FILE_MODE);
  new Logger('Database').warn(
    `${file} was open to every user of this machine (${mode.toString(8)}): narrowed to its owner (600)`,
  );
}
