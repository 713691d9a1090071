import type { IncomingMessage } from 'node:http';
import { proxyTrust, requestIdGenerator } from './request-id.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A request from `peer` with these headers, as far as requestIdGenerator reads it. */
const from = (peer: string, headers: Record<string, string> = {}) =>
  ({ headers, socket: { remoteAddress: peer } }) as unknown as IncomingMessage;

describe('proxyTrust', () => {
  it('believes no proxy, the listed addresses and ranges, or a number of hops', () => {
    expect(proxyTrust(false)('127.0.0.1', 0)).toBe(false);
    const listed = proxyTrust(['10.0.0.0/8', 'loopback']);
    expect(listed('10.1.2.3', 0)).toBe(true);
    expect(listed('::ffff:127.0.0.1', 0)).toBe(true);
    expect(listed('192.168.1.1', 0)).toBe(false);
    const hops = proxyTrust({ hops: 1 });
    expect([hops('203.0.113.9', 0), hops('203.0.113.9', 1)]).toEqual([true, false]);
  });
});

describe('requestIdGenerator', () => {
  const generate = requestIdGenerator(proxyTrust(['10.0.0.0/8']));

  it("keeps a trusted proxy's id when it looks like one", () => {
    expect(generate(from('10.0.0.5', { 'x-request-id': 'f3a9c2e1-lb:7.2_x' }))).toBe('f3a9c2e1-lb:7.2_x');
  });

  it.each([
    ['from a client that is no trusted proxy', '198.51.100.7', 'abc-123'],
    ['with a space', '10.0.0.5', 'abc 123'],
    ['two ids (the header sent twice)', '10.0.0.5', 'abc, def'],
    ['of 129 characters', '10.0.0.5', 'a'.repeat(129)],
    ['empty', '10.0.0.5', ''],
  ])('generates a UUID for an id %s', (_what, peer, given) => {
    const id = generate(from(peer, { 'x-request-id': given }));
    expect(id).toMatch(UUID);
    expect(id).not.toBe(given);
  });

  it('generates a new UUID for each request without one', () => {
    const [a, b] = [generate(from('10.0.0.5')), generate(from('10.0.0.5'))];
    expect(a).toMatch(UUID);
    expect(b).not.toBe(a);
  });
});
