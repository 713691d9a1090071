import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, DeleteResult, Repository, UpdateResult } from 'typeorm';
import { isDatabaseUnavailable } from '../database/errors.js';
import { ACCESS_LINK_REQUEST_KIND, accessLinkVerdict, DROP } from './access-link-limit.js';
import { Order, type OrderStatus, type PaymentStatus } from '../orders/entities/order.entity.js';
import { deliveryBlock } from '../orders/order-process.js';
import { JobLeases } from '../job-leases/job-leases.service.js';
import { OutboxEmail } from './entities/outbox-email.entity.js';
import { MailTransport, outboxMessageId } from './mail-transport.js';
import { OutboxCipher } from './outbox-cipher.js';
import { OUTBOX_OPTIONS, type OutboxOptions } from './outbox.options.js';
import { formatDelay } from './retry-schedule.js';

/** Messages handled by one drain: `failed` counts failed attempts (retried later or given up). */
export interface DrainResult {
  sent: number;
  failed: number;
}

interface Claim {
  message: OutboxEmail;
  /** The state of the message's order, when it has one, read with it. */
  order: Pick<Order, 'status' | 'paymentStatus' | 'refundDue'> | null;
  /** Our lease; every later update of the row requires it to be unchanged. */
  lease: Date;
}

/** Due and not claimed by a live lease. */
const DUE = 'status = :pending AND nextAttemptAt <= :now AND (lockedUntil IS NULL OR lockedUntil < :now)';
/** Due rows looked at per query when claiming. */
const CLAIM_BATCH = 10;
/** The messages that carry licence keys: sent only while their order may still be delivered. */
export const KEY_MAIL_KINDS: readonly string[] = ['order-delivery', 'key-replacement'];
/** Stored error text is cut to this length. */
const MAX_ERROR_LENGTH = 2000;
/** The poll's name in its lease. */
export const OUTBOX_POLL_JOB = 'mail-outbox-poll';

/**
 * Sends the mail outbox. Polls every couple of seconds and whenever woken; claims one due message at a
 * time with a conditional UPDATE that sets a lease (`lockedUntil`) and succeeds for one claimant only, so
 * any number of workers and processes can share one database without sending a message twice. A failed
 * attempt is recorded on the row and retried with back-off; nothing here ever throws out of the loop.
 *
 * With several processes, the poll runs in one of them, the holder of its lease (JobLeases), and the
 * others skip it. Being woken is not a poll: the process that queued a message (or resends one) sends it
 * at once, leader or not, and so does every process when it starts. What only the poll finds, retries
 * coming due and the claims of a process that died, is found by the leader.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MailOutbox');
  private readonly repo: Repository<OutboxEmail>;
  private readonly messageIdDomain: string;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  /** The poll in progress, if any. */
  private cycle: Promise<void> | null = null;
  /** Every poll and drain under way; stop() waits for them. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private wakeRequested = false;
  /** Set by stop(): an outcome is no longer waited for through a database outage. */
  private stopping = false;

  constructor(
    @InjectDataSource() db: DataSource,
    private readonly cipher: OutboxCipher,
    private readonly transport: MailTransport,
    @Inject(OUTBOX_OPTIONS) private readonly options: OutboxOptions,
    private readonly leases: JobLeases,
  ) {
    this.repo = db.getRepository(OutboxEmail);
    this.messageIdDomain = transport.messageIdDomain();
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
    this.transport.close();
  }

  /** Starts polling (the first look is immediate). Does nothing when already running. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops polling; resolves once the message being sent, if any, has been sent and recorded. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Resolves once the polls and drains under way now have finished (a drain does not wait for a poll's send). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Looks for due messages now rather than at the next poll. */
  wake(): void {
    if (!this.running) return;
    if (this.cycle) this.wakeRequested = true;
    else this.schedule(0);
  }

  /** Sends everything due now, one message at a time, and reports what happened. */
  drain(): Promise<DrainResult> {
    return this.process(() => true);
  }

  /** The next look: after `delayMs`, a poll when `poll` (leader only), else a wake. */
  private schedule(delayMs: number, poll = false): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      const cycle = this.runCycle(poll);
      this.cycle = cycle;
      // stop() waits for the whole look, the lease's claim included.
      this.inFlight.add(cycle);
      void cycle.finally(() => this.inFlight.delete(cycle));
    }, delayMs);
    this.timer.unref();
  }

  private async runCycle(poll: boolean): Promise<void> {
    try {
      const look = async () => {
        await this.process(() => this.running);
      };
      if (poll) await this.leases.runIfLeader(OUTBOX_POLL_JOB, this.options.pollLeaseMs, look);
      else await look();
    } catch (error) {
      // Typically the database is unreachable; the next poll tries again.
      this.logger.error(`Outbox poll failed: ${describeError(error)}`);
    } finally {
      this.cycle = null;
      if (this.running) {
        const again = this.wakeRequested;
        this.wakeRequested = false;
        this.schedule(again ? 0 : this.options.pollIntervalMs, !again);
      }
    }
  }

  private process(keepGoing: () => boolean): Promise<DrainResult> {
    const work = this.sendDue(keepGoing);
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  private async sendDue(keepGoing: () => boolean): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0 };
    while (keepGoing()) {
      const claim = await this.claimNext();
      if (!claim) break;
      if (await this.deliver(claim)) result.sent++;
      else result.failed++;
    }
    return result;
  }

  /** Claims the next due message for this worker, or answers null when none is left. */
  private async claimNext(): Promise<Claim | null> {
    // Each round looks at due rows not claimed by anyone; a row lost to another worker is no longer due,
    // so the rounds end. The bound is only a guard.
    for (let round = 0; round < 100; round++) {
      const now = this.options.now();
      const params = { pending: 'pending', now };
      const due = await this.repo
        .createQueryBuilder('m')
        .select('m.id', 'id')
        .where(DUE, params)
        .orderBy('m.nextAttemptAt', 'ASC')
        .addOrderBy('m.id', 'ASC')
        .limit(CLAIM_BATCH)
        .getRawMany<{ id: number | string }>();
      if (!due.length) return null;
      for (const row of due) {
        const id = Number(row.id);
        const lease = new Date(now.getTime() + this.options.leaseMs);
        // Atomic test-and-set: of several workers running this for the same row, one changes it.
        const { affected } = await this.repo
          .createQueryBuilder()
          .update()
          .set({ lockedUntil: lease })
          .where('id = :id', { id })
          .andWhere(DUE, params)
          .execute();
        if (affected !== 1) continue;
        // With its order's state, for withholding (one statement, just before the send).
        const { entities, raw } = await this.repo
          .createQueryBuilder('m')
          .leftJoin(Order, 'o', 'o.id = m.orderId')
          .addSelect(['o.status', 'o.paymentStatus', 'o.refundDue'])
          .where('m.id = :id', { id })
          .getRawAndEntities<{
            o_status: OrderStatus | null;
            o_paymentStatus: PaymentStatus;
            o_refundDue: Order['refundDue'];
          }>();
        const [message] = entities;
        const order = raw[0]?.o_status
          ? { status: raw[0].o_status, paymentStatus: raw[0].o_paymentStatus, refundDue: raw[0].o_refundDue }
          : null;
        if (message) return { message, order, lease };
      }
    }
    return null;
  }

  /** Sends one claimed message and records the outcome; true when it was sent. */
  private async deliver({ message, order, lease }: Claim): Promise<boolean> {
    // A sign-in link asked for on the storefront: DROP for an address without orders, or the recipient's
    // limit (accessLinkVerdict); decided now, not in the request, so the request does the same work for all.
    const withheld =
      message.kind === ACCESS_LINK_REQUEST_KIND
        ? await accessLinkVerdict(this.repo.manager, message, this.options.now())
        : withholding(message, order);
    if (withheld === DROP) {
      await this.recordOutcome(lease, () =>
        this.repo
          .createQueryBuilder()
          .delete()
          .where('id = :id AND lockedUntil = :lease', { id: message.id, lease })
          .execute(),
      );
      this.logger.log(`Mail #${message.id} (${message.kind}) dropped: its address has no orders`);
      return false;
    }
    if (withheld) {
      await this.recordOutcome(lease, () =>
        this.repo
          .createQueryBuilder()
          .update()
          .set({ status: 'withheld', lastError: withheld, lockedUntil: null })
          .where('id = :id AND lockedUntil = :lease', { id: message.id, lease })
          .execute(),
      );
      this.logger.warn(`Mail #${message.id} (${message.kind}) withheld: ${withheld}`);
      return false;
    }
    try {
      await this.transport.send(
        {
          id: message.id,
          to: message.to,
          subject: message.subject,
          text: this.cipher.open(message.text),
          html: this.cipher.open(message.html),
          messageId: outboxMessageId(message, this.messageIdDomain),
        },
        AbortSignal.timeout(this.options.sendTimeoutMs),
      );
    } catch (error) {
      await this.recordFailure(message, lease, error);
      return false;
    }
    await this.recordSent(message, lease);
    return true;
  }

  /**
   * Runs the UPDATE that records a send's outcome. When the database is unreachable just then (the mail
   * server took the message and the database went away), it is tried again until shortly before the
   * claim runs out: giving up would leave the message claimed, and once the claim expired it would be
   * sent a second time. Errors other than an outage, or an outage that outlasts the claim, are thrown.
   */
  private async recordOutcome<R extends UpdateResult | DeleteResult>(
    lease: Date,
    update: () => Promise<R>,
  ): Promise<R> {
    for (let wait = 250; ; wait = Math.min(wait * 2, 2_000)) {
      try {
        return await update();
      } catch (error) {
        const left = lease.getTime() - this.options.now().getTime();
        if (!isDatabaseUnavailable(error) || this.stopping || left < wait + 1_000) throw error;
        this.logger.warn(`Recording the outcome of a send waits for the database: ${describeError(error)}`);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  private async recordSent(message: OutboxEmail, lease: Date): Promise<void> {
    const { affected } = await this.recordOutcome(lease, () =>
      this.repo
        .createQueryBuilder()
        .update()
        .set({
          status: 'sent',
          sentAt: this.options.now(),
          lockedUntil: null,
          attempts: () => 'attempts + 1',
        })
        .where('id = :id AND lockedUntil = :lease', { id: message.id, lease })
        .execute(),
    );
    this.logger.log(`Sent mail #${message.id} (${message.kind}) to ${message.to}`);
    if (affected !== 1) {
      this.logger.warn(`Mail #${message.id}: the send outlasted its claim; another worker may send it again`);
    }
  }

  private async recordFailure(message: OutboxEmail, lease: Date, error: unknown): Promise<void> {
    const attempts = message.attempts + 1;
    const lastError = describeError(error).slice(0, MAX_ERROR_LENGTH);
    const delay = this.options.retryDelayMs(attempts);
    const changes =
      delay === null
        ? { status: 'failed' as const, attempts, lastError, lockedUntil: null }
        : {
            attempts,
            lastError,
            lockedUntil: null,
            nextAttemptAt: new Date(this.options.now().getTime() + delay),
          };
    await this.recordOutcome(lease, () =>
      this.repo
        .createQueryBuilder()
        .update()
        .set(changes)
        .where('id = :id AND lockedUntil = :lease', { id: message.id, lease })
        .execute(),
    );
    const what = `Mail #${message.id} (${message.kind}) to ${message.to}: attempt ${attempts} failed`;
    if (delay === null) this.logger.error(`${what}, giving up: ${lastError}`);
    else this.logger.warn(`${what}, next try in ${formatDelay(delay)}: ${lastError}`);
  }
}

/**
 * Why a message carrying licence keys must not go out now, or null: its order was disputed, refunded or
 * cancelled after the message was written (a dispute racing the approval of a held order, say). `order` is
 * read with the claimed message, just before the send, so keys revoked meanwhile are never mailed.
 */
function withholding(
  message: OutboxEmail,
  order: Pick<Order, 'status' | 'paymentStatus' | 'refundDue'> | null,
): string | null {
  if (!message.orderId || !KEY_MAIL_KINDS.includes(message.kind)) return null;
  const blocked = order ? deliveryBlock(order) : null;
  return blocked && `the order is no longer deliverable (${blocked}, payment ${order!.paymentStatus})`;
}

/** The error's own message on one line (a transport's message never contains the mail's bodies). */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.replace(/\s+/g, ' ').trim() || 'Unknown error';
}
