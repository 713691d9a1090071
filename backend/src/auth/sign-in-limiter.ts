import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import { ATTEMPT_STORE, type AttemptStore } from './attempt-store.js';

/** A step of signing in: the password, then (with two-factor authentication on) the code. */
export type SignInStep = 'password' | 'code';

/**
 * The sign-in limits beside the per-address-and-username one (@Throttle on the routes, 5 a minute,
 * successes included). Only failures count here, so staff who sign in often are never refused.
 */
export const SIGN_IN_LIMITS = {
  /** Failed attempts one client address may make across every username (password spraying). */
  perAddress: { failures: 20, windowMs: 15 * 60_000 },
  /**
   * One account attacked from many addresses: past `freeFailures`, each further attempt waits a delay
   * from the last failure, doubling from `firstDelayMs` up to `maxDelayMs`. A back-off, never a
   * lock-out: whoever knows the password gets in once the delay has passed. The count is forgotten
   * `forgetMs` after the last failure, and a success clears it.
   */
  perAccount: {
    password: { freeFailures: 10, firstDelayMs: 1_000, maxDelayMs: 5 * 60_000 },
    // Only someone who knows the password reaches the code: six digits get a shorter leash.
    code: { freeFailures: 5, firstDelayMs: 1_000, maxDelayMs: 15 * 60_000 },
    forgetMs: 60 * 60_000,
  },
  /**
   * An address a user signed in from (both steps, with two-factor on) is exempt from that account's
   * back-off at either step (not from the other limits) for this long, so an attacker's failures cannot
   * keep staff out from where they usually work. Passing the password step alone makes no address known.
   */
  knownAddressMs: 30 * 24 * 60 * 60_000,
} as const;

/** 429 with Retry-After (set by the error filter) and a message that says how long to wait. */
export class TooManyAttemptsException extends HttpException {
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    super(
      `Too many failed sign-in attempts ${what}. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * One attempt let through. Report its outcome once with failed() or succeeded(); release() (in a
 * finally) lets go of an attempt that ended otherwise, without counting it.
 */
export interface SignInAttempt {
  failed(): Promise<void>;
  /** `signedIn`: false when a step is still to come (the code), so the address is not known yet. */
  succeeded(signedIn: boolean): Promise<void>;
  release(): void;
}

/**
 * The per-address and per-account sign-in limits. Counters live in an {@link AttemptStore}; attempts
 * still being checked (the password hash takes a while) count as failures until they are decided, so a
 * burst of parallel guesses cannot slip past a limit. That in-flight count is this process's own.
 */
@Injectable()
export class SignInLimiter {
  private readonly inFlight = new Map<string, number>();
  /**
   * Attempts of this process settled so far (their counts written, their in-flight place given back). A
   * begin() whose reads overlapped a settlement reads again: it may have read a count from before that
   * attempt's failure was written, and then seen the attempt no longer in flight, missing it both ways.
   */
  private settled = 0;

  constructor(@Inject(ATTEMPT_STORE) private readonly store: AttemptStore) {}

  /**
   * Lets the attempt through or throws {@link TooManyAttemptsException}. `account` names the account
   * tried: the username (folded, see accountKey) as typed for the password, the user's for the code.
   */
  async begin(step: SignInStep, address: string, account: string): Promise<SignInAttempt> {
    const now = Date.now();
    // As @nestjs/throttler counts clients: IPv6 by its /64 (one subscriber holds all of it).
    const client = normalizeIp(address);
    const addressKey = `address|${client}`;
    const accountKey = `account|${step}|${account}`;
    const knownKey = `known|${account}|${client}`;
    const read = () =>
      Promise.all([this.store.get(addressKey), this.store.get(accountKey), this.store.get(knownKey)]);
    let settledBefore = this.settled;
    let [byAddress, byAccount, known] = await read();
    for (let reads = 1; this.settled !== settledBefore; reads++) {
      // Attempts kept settling while this one read: refuse rather than guess (a burst, never a person).
      if (reads === MAX_READS) throw new TooManyAttemptsException('for this account', 1);
      settledBefore = this.settled;
      [byAddress, byAccount, known] = await read();
    }

    const { perAddress } = SIGN_IN_LIMITS;
    if ((byAddress?.count ?? 0) + this.pending(addressKey) >= perAddress.failures) {
      const resetAt = byAddress?.expiresAt ?? now + perAddress.windowMs;
      throw new TooManyAttemptsException('from this address', seconds(resetAt - now));
    }
    if (!known) {
      const rule = SIGN_IN_LIMITS.perAccount[step];
      const failures = byAccount?.count ?? 0;
      const pending = this.pending(accountKey);
      if (failures >= rule.freeFailures) {
        const delay = Math.min(rule.firstDelayMs * 2 ** (failures - rule.freeFailures), rule.maxDelayMs);
        const waitUntil = byAccount!.lastAt + delay;
        if (pending > 0 || waitUntil > now)
          throw new TooManyAttemptsException('for this account', seconds(Math.max(waitUntil - now, 1)));
      } else if (failures + pending >= rule.freeFailures) {
        throw new TooManyAttemptsException('for this account', seconds(rule.firstDelayMs));
      }
    }

    this.track(addressKey, 1);
    this.track(accountKey, 1);
    let open = true;
    const release = () => {
      if (!open) return;
      open = false;
      this.settled++;
      this.track(addressKey, -1);
      this.track(accountKey, -1);
    };
    return {
      release,
      failed: async () => {
        try {
          await Promise.all([
            this.store.hit(addressKey, perAddress.windowMs, false),
            this.store.hit(accountKey, SIGN_IN_LIMITS.perAccount.forgetMs, true),
          ]);
        } finally {
          release();
        }
      },
      succeeded: async (signedIn: boolean) => {
        try {
          await this.store.delete(accountKey);
          if (signedIn) await this.store.hit(knownKey, SIGN_IN_LIMITS.knownAddressMs, true);
        } finally {
          release();
        }
      },
    };
  }

  private pending(key: string): number {
    return this.inFlight.get(key) ?? 0;
  }

  private track(key: string, delta: number): void {
    const next = this.pending(key) + delta;
    if (next > 0) this.inFlight.set(key, next);
    else this.inFlight.delete(key);
  }
}

/** Reads of the counts one attempt makes at most while other attempts settle (see SignInLimiter.settled). */
const MAX_READS = 20;

/**
 * The per-account key of a username as typed: letter case and accents folded, so that spellings a
 * case- or accent-insensitive database would take for the same account share one budget.
 */
export function accountKey(username: string): string {
  return username.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
