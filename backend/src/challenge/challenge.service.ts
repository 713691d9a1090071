import { createHash, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import type { AttemptStore } from '../auth/attempt-store.js';
import type { IntervalGate } from '../common/interval-gate.js';
import { deriveKey } from '../common/secret-box.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ceilingOf, type AnonymousWrite } from '../config/challenge-config.js';
import { ChallengeRequiredException } from '../common/challenge-required.js';

/** Injection tokens: the store-wide counters of anonymous writes, and the solutions already used. */
export const ANONYMOUS_WRITE_COUNTS = Symbol('ANONYMOUS_WRITE_COUNTS');
export const USED_SOLUTIONS = Symbol('USED_SOLUTIONS');

/** How long a challenge may be solved and used: time to solve it on a slow phone, and to send the form. */
export const CHALLENGE_TTL_MS = 10 * 60_000;
/** The window each ceiling counts in. */
const CEILING_WINDOW_MS = 60_000;
/** A payload longer than this is not one of ours (ours are about 600 characters). */
const MAX_PAYLOAD_LENGTH = 4_096;

export const CHALLENGE_NEEDED =
  'Many messages and orders are being sent right now: please confirm you are a person (solve the ' +
  'challenge from GET /api/challenge and send its solution in the X-Altcha header)';
export const SOLUTION_REFUSED =
  'X-Altcha: the solution is not valid (altered, expired or already used); solve a new challenge';

/**
 * The ceilings on anonymous writes and the proof of work past them (ALTCHA, PBKDF2-SHA-256, signed with a
 * key derived from LICENSE_KEY_SECRET). Below a ceiling nothing is asked; past it a write needs a solution
 * that verifies (signature, expiry, work) and was never used before, by any process with REDIS_URL.
 */
@Injectable()
export class ChallengeService {
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ANONYMOUS_WRITE_COUNTS) private readonly counts: AttemptStore,
    @Inject(USED_SOLUTIONS) private readonly used: IntervalGate,
  ) {
    this.signatureSecret = deriveKey(config.licenseKeySecret, 'altcha/challenge').toString('hex');
    this.keySignatureSecret = deriveKey(config.licenseKeySecret, 'altcha/key').toString('hex');
  }

  /**
   * A new challenge. Deterministic: the server derives the key of an answer it drew (one derivation, CHALLENGE_COST
   * iterations) and signs it, so a solution is checked with an HMAC and a solver's work is bounded.
   */
  create(): Promise<Challenge> {
    const { cost, maxCounter } = this.config.challenge;
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost,
      counter: randomInt(Math.floor(maxCounter / 2), maxCounter),
      deriveKey: pbkdf2,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
  }

  /**
   * Counts one anonymous write of `kind` for the whole store. Past its ceiling the write goes on only
   * with `solution` (the X-Altcha header) verified and used for the first time; otherwise 428.
   */
  async admit(kind: AnonymousWrite, solution: string | undefined): Promise<void> {
    const ceiling = ceilingOf(this.config.challenge, kind);
    if (ceiling === 0) return;
    const { count } = await this.counts.hit(kind, CEILING_WINDOW_MS, false);
    if (count <= ceiling) return;
    if (!solution?.trim()) throw new ChallengeRequiredException(CHALLENGE_NEEDED);
    const payload = decode(solution.trim());
    if (!payload || !(await this.verifies(payload))) throw new ChallengeRequiredException(SOLUTION_REFUSED);
    // Once: the first to present it wins, in every process (SET NX in Redis), until it expires anyway.
    const expiresAtMs = (payload.challenge.parameters.expiresAt ?? 0) * 1000;
    const fingerprint = createHash('sha256').update(payload.challenge.signature!).digest('hex');
    if (!(await this.used.pass(`altcha:${fingerprint}`, Math.max(1_000, expiresAtMs - Date.now() + 1_000))))
      throw new ChallengeRequiredException(SOLUTION_REFUSED);
  }

  private async verifies(payload: Payload): Promise<boolean> {
    const { parameters } = payload.challenge;
    // Only what this server makes: no other algorithm, cost or lifetime is accepted even when signed.
    if (parameters.algorithm !== 'PBKDF2/SHA-256' || !parameters.expiresAt || !parameters.keySignature)
      return false;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey: pbkdf2,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
      return result.verified;
    } catch {
      return false;
    }
  }
}

/** The widget's payload: base64 of `{challenge: {parameters, signature}, solution: {counter, derivedKey}}`. */
function decode(raw: string): Payload | null {
  if (raw.length > MAX_PAYLOAD_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const payload = value as Partial<Payload> | null;
  const challenge = payload?.challenge;
  const solution = payload?.solution;
  if (
    typeof challenge !== 'object' ||
    challenge === null ||
    typeof challenge.signature !== 'string' ||
    typeof challenge.parameters !== 'object' ||
    challenge.parameters === null ||
    typeof solution !== 'object' ||
    solution === null
  )
    return null;
  return payload as Payload;
}
