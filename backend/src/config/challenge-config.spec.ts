import { ceilingOf, challengeConfig } from './challenge-config.js';

function load(env: Record<string, string>) {
  const problems: string[] = [];
  return { config: challengeConfig(env, problems), problems };
}

describe('challengeConfig', () => {
  it('has a ceiling on each kind of anonymous write by default', () => {
    expect(load({})).toEqual({
      config: {
        contactPerMinute: 10,
        accessLinksPerMinute: 20,
        checkoutsPerMinute: 30,
        cost: 5000,
        maxCounter: 6000,
      },
      problems: [],
    });
  });

  it('turns a ceiling off with 0 and reads each setting', () => {
    const { config, problems } = load({
      CEILING_CONTACT_PER_MINUTE: '0',
      CEILING_ACCESS_LINKS_PER_MINUTE: '3',
      CEILING_CHECKOUTS_PER_MINUTE: '100',
      CHALLENGE_COST: '1',
      CHALLENGE_MAX_COUNTER: '64',
    });
    expect(problems).toEqual([]);
    expect(['contact', 'access-link', 'checkout'].map((k) => ceilingOf(config, k as never))).toEqual([
      0, 3, 100,
    ]);
    expect(config).toMatchObject({ cost: 1, maxCounter: 64 });
  });

  it('names each invalid setting', () => {
    expect(
      load({ CEILING_CHECKOUTS_PER_MINUTE: '-1', CHALLENGE_COST: '0', CHALLENGE_MAX_COUNTER: 'lots' })
        .problems,
    ).toEqual([
      'CEILING_CHECKOUTS_PER_MINUTE must be a whole number from 0 to 100000 (got "-1")',
      'CHALLENGE_COST must be a whole number from 1 to 1000000 (got "0")',
      'CHALLENGE_MAX_COUNTER must be a whole number from 2 to 10000000 (got "lots")',
    ]);
  });
});
