import type { MailOutboxConfig } from '../config/app-config.js';
import { retryDelayMs, retrySchedule } from './retry-schedule.js';

/** Timings of the outbox worker; one object so tests can override them through the module's providers. */
export interface OutboxOptions {
  /** How often the worker looks for due messages when nobody wakes it. */
  pollIntervalMs: number;
  /**
   * The poll's lease (JobLeases): with several processes only its holder polls, and when it dies another
   * takes over within this time and a poll. Several poll intervals long, so a live leader keeps it.
   */
  pollLeaseMs: number;
  /** How long a claimed message stays reserved for the worker that claimed it. */
  leaseMs: number;
  /** A send that takes longer is abandoned (and retried); kept well below the lease. */
  sendTimeoutMs: number;
  /** Delay after the n-th failed attempt, or null to give the message up. */
  retryDelayMs: (attempts: number) => number | null;
  /** The clock every outbox timestamp is taken from. */
  now: () => Date;
}

export const OUTBOX_OPTIONS = Symbol('OUTBOX_OPTIONS');

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  pollIntervalMs: 2_000,
  pollLeaseMs: 10_000,
  leaseMs: 120_000,
  sendTimeoutMs: 60_000,
  retryDelayMs,
  now: () => new Date(),
};

/** The options for the settings (MAIL_RETRY_FIRST_DELAY_SECONDS, MAIL_MAX_ATTEMPTS, MAIL_SEND_TIMEOUT_SECONDS). */
export function outboxOptions(config: MailOutboxConfig): OutboxOptions {
  return {
    ...DEFAULT_OUTBOX_OPTIONS,
    sendTimeoutMs: config.sendTimeoutMs,
    // A claim outlives the send it covers, with room for recording the outcome.
    leaseMs: 2 * config.sendTimeoutMs,
    retryDelayMs: retrySchedule({ firstDelayMs: config.firstRetryDelayMs, maxAttempts: config.maxAttempts }),
  };
}
