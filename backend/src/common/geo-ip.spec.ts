import { GeoIp, isPublicAddress, plainAddress } from './geo-ip.js';

describe('GeoIp', () => {
  const geo = new GeoIp();

  it('tells the country of public addresses, IPv4 and IPv6 (DB-IP)', () => {
    expect(geo.country('8.8.8.8')).toBe('US');
    expect(geo.country('81.2.69.160')).toBe('GB');
    expect(geo.country('::ffff:81.2.69.160')).toBe('GB');
    expect(geo.country('2001:4860:4860::8888')).toBe('CA');
  });

  it('answers null for private, loopback and malformed addresses', () => {
    for (const address of [
      '10.1.2.3',
      '127.0.0.1',
      '192.168.1.1',
      '172.20.0.5',
      '::1',
      'fd00::1',
      'nope',
      null,
    ])
      expect(geo.country(address)).toBeNull();
  });

  it('keeps the address plain', () => {
    expect(plainAddress('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(isPublicAddress('1.2.3.4')).toBe(true);
    expect(isPublicAddress('100.64.0.1')).toBe(false);
  });
});
