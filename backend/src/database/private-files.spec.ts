import { chmodSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { privateFile, privateSqliteFiles } from './private-files.js';

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('private files', () => {
  let umask: number;
  let warn: jest.SpyInstance;
  beforeAll(() => {
    // The usual umask, which lets files be created readable by everyone unless the store says otherwise.
    umask = process.umask(0o022);
  });
  afterAll(() => process.umask(umask));
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('creates a file, and the folders it needs, for its owner only', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'store-private-')), 'var', 'backups');
    privateFile(join(dir, 'store.sqlite'));
    expect(modeOf(join(dir, 'store.sqlite'))).toBe('600');
    expect(modeOf(dir)).toBe('700');
    expect(modeOf(join(dir, '..'))).toBe('700');
    expect(warn).not.toHaveBeenCalled();
  });

  it('narrows a database and its companions that everyone could read, saying so, and leaves a group alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-private-'));
    const file = join(dir, 'store.sqlite');
    for (const [name, mode] of [
      ['store.sqlite', 0o644],
      ['store.sqlite-wal', 0o644],
      ['store.sqlite-shm', 0o666],
      ['store.sqlite-journal', 0o640],
    ] as const) {
      writeFileSync(join(dir, name), '');
      chmodSync(join(dir, name), mode);
    }
    privateSqliteFiles(file);
    expect(['', '-wal', '-shm', '-journal'].map((suffix) => modeOf(`${file}${suffix}`))).toEqual([
      '600',
      '600',
      '600',
      '640',
    ]);
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      `${file} was open to every user of this machine (644): narrowed to its owner (600)`,
      `${file}-wal was open to every user of this machine (644): narrowed to its owner (600)`,
      `${file}-shm was open to every user of this machine (666): narrowed to its owner (600)`,
    ]);
  });
});
