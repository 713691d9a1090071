/**
 * The ceilings on anonymous writes (#32 §4) and the proof of work asked past them. Each ceiling counts one
 * kind of write for the whole store (every client address, every process with REDIS_URL) in a minute; past
 * it a write is taken only with a solved challenge (ALTCHA, made and checked by this server). 0: no ceiling.
 */
export interface ChallengeConfig {
  /** CEILING_CONTACT_PER_MINUTE: contact-form posts a minute before a challenge is asked. */
  contactPerMinute: number;
  /** CEILING_ACCESS_LINKS_PER_MINUTE: sign-in link requests (each sends an e-mail) a minute. */
  accessLinksPerMinute: number;
  /** CEILING_CHECKOUTS_PER_MINUTE: checkouts (each creates an unpaid order) a minute. */
  checkoutsPerMinute: number;
  /** CHALLENGE_COST: PBKDF2-SHA-256 iterations per try; a try costs the solver this many. */
  cost: number;
  /**
   * CHALLENGE_MAX_COUNTER: the answer is drawn from its upper half, so a solver makes on average ¾ of this
   * many tries (each of CHALLENGE_COST iterations) and the server one.
   */
  maxCounter: number;
}

/** The kinds of anonymous write that have a ceiling, by the name their counter and the API use. */
export const ANONYMOUS_WRITES = ['contact', 'access-link', 'checkout'] as const;
export type AnonymousWrite = (typeof ANONYMOUS_WRITES)[number];

type Env = Record<string, string | undefined>;

export function challengeConfig(env: Env, problems: string[]): ChallengeConfig {
  const whole = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (Number.isInteger(value) && value >= min && value <= max) return value;
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  };
  return {
    contactPerMinute: whole('CEILING_CONTACT_PER_MINUTE', 10, 0, 100_000),
    accessLinksPerMinute: whole('CEILING_ACCESS_LINKS_PER_MINUTE', 20, 0, 100_000),
    checkoutsPerMinute: whole('CEILING_CHECKOUTS_PER_MINUTE', 30, 0, 100_000),
    cost: whole('CHALLENGE_COST', 5_000, 1, 1_000_000),
    maxCounter: whole('CHALLENGE_MAX_COUNTER', 6_000, 2, 10_000_000),
  };
}

/** The ceiling of one kind of write (0: none). */
export function ceilingOf(config: ChallengeConfig, kind: AnonymousWrite): number {
  if (kind === 'contact') return config.contactPerMinute;
  if (kind === 'access-link') return config.accessLinksPerMinute;
  return config.checkoutsPerMinute;
}
