import { bearerMatches } from './metrics.js';

describe('bearerMatches', () => {
  const token = 'a-metrics-token-of-some-length-0123';

  it('accepts the token as a bearer token, the scheme in any case', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer  ${token}`, token)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty bearer', 'Bearer '],
    ['another token', `Bearer ${token}0`],
    ['a prefix of it', `Bearer ${token.slice(0, -1)}`],
    ['another scheme', `Basic ${token}`],
    ['the token alone', token],
    ['two tokens', `Bearer ${token} ${token}`],
  ])('refuses %s', (_what, header) => {
    expect(bearerMatches(header, token)).toBe(false);
  });
});
