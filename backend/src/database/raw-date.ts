/** A raw datetime: a Date on MySQL/MariaDB (UTC session), `YYYY-MM-DD hh:mm:ss.sss` (UTC) on SQLite. */
export function rawDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);
}
