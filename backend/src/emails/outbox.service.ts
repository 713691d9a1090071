import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  Repository,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { canonicalEmail } from '../common/email.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { OutboxEmail } from './entities/outbox-email.entity.js';
import { singleLine, truncate } from './mail-text.js';
import { OutboxCipher } from './outbox-cipher.js';
import { OUTBOX_OPTIONS, type OutboxOptions } from './outbox.options.js';
import { OutboxWorker } from './outbox.worker.js';
import { renderStoreFooter, withStoreFooter, type MailBodies } from './store-footer.js';

/** A message to send: plain-text and HTML bodies, both required. */
export interface NewOutboxEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  orderId?: string | null;
  /**
   * Who reads it. A customer's message (the default) gets the store's contact block and support hours
   * as its footer (store-footer.ts), in both bodies; a notification to the store's own staff is stored
   * as written.
   */
  audience?: 'customer' | 'staff';
}

/** A message written to the outbox: its id. */
export type QueuedEmail = Pick<OutboxEmail, 'id'>;

/** Limits of the mail_outbox columns. */
const MAX_KIND = 32;
const MAX_RECIPIENT = 254;
const MAX_SUBJECT = 255;

/**
 * The transactional outbox: business code writes its e-mails in its own transaction, so a message exists
 * if and only if the change it reports was committed; the {@link OutboxWorker} sends them afterwards.
 * Bodies are stored encrypted, since delivery e-mails carry licence keys in full.
 */
@Injectable()
export class OutboxService implements EntitySubscriberInterface {
  private readonly repo: Repository<OutboxEmail>;
  /** Transactions that wrote a message: the worker is woken when they commit. */
  private readonly wakeOnCommit = new WeakSet<QueryRunner>();
  private readonly customerFooter: MailBodies;

  constructor(
    @InjectDataSource() db: DataSource,
    private readonly cipher: OutboxCipher,
    private readonly worker: OutboxWorker,
    @Inject(OUTBOX_OPTIONS) private readonly options: OutboxOptions,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'store' | 'mail'>,
  ) {
    this.repo = db.getRepository(OutboxEmail);
    db.subscribers.push(this);
    this.customerFooter = renderStoreFooter(config);
  }

  /**
   * Writes the message inside the caller's transaction (manager = the transaction's EntityManager), with
   * the store's footer unless it is for staff: the stored bodies are what is sent, and what a resend sends
   * again. The subject is made one line and cut to 255 characters. Answers its id. Throws on a kind or
   * recipient that cannot be stored or sent (a programming error), which rolls the caller's transaction back.
   */
  async enqueue(manager: EntityManager, message: NewOutboxEmail): Promise<QueuedEmail> {
    const kind = message.kind.trim();
    if (!kind || kind.length > MAX_KIND) throw new Error(`Outbox kind must be 1 to ${MAX_KIND} characters`);
    // In the canonical form of customers' addresses, so the back office's recipient search is an index
    // range, and the mail goes to the ASCII name of an internationalised domain.
    const to = canonicalEmail(message.to);
    // eslint-disable-next-line no-control-regex
    if (!to || to.length > MAX_RECIPIENT || /[\u0000-\u001f\u007f]/.test(to)) {
      throw new Error(`Outbox recipient must be one address of at most ${MAX_RECIPIENT} characters`);
    }
    const { text, html } =
      message.audience === 'staff' ? message : withStoreFooter(message, this.customerFooter);
    // Nothing to read back but its id (SQLite would SELECT the row it inserted): the driver reports it.
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(OutboxEmail)
      .values({
        kind,
        to,
        subject: truncate(singleLine(message.subject), MAX_SUBJECT),
        text: this.cipher.seal(text),
        html: this.cipher.seal(html),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: this.options.now(),
        lockedUntil: null,
        lastError: null,
        sentAt: null,
        orderId: message.orderId ?? null,
      })
      .updateEntity(false)
      .execute();
    const raw = inserted.raw as number | bigint | { insertId: number };
    const id = Number(typeof raw === 'object' ? raw.insertId : raw);
    // The worker can only see the message once the caller's transaction commits: wake it then.
    const transaction = manager.queryRunner;
    if (transaction?.isTransactionActive) this.wakeOnCommit.add(transaction);
    else this.worker.wake();
    return { id };
  }

  /** Wakes the worker now. Not needed after enqueue, which wakes it once the message is committed. */
  wake(): void {
    this.worker.wake();
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (this.wakeOnCommit.delete(event.queryRunner)) this.worker.wake();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.wakeOnCommit.delete(event.queryRunner);
  }

  /**
   * Queues a message again (back office "resend"). A message that is still pending is not copied: it is
   * made due now and returned as it is. A sent or failed message stays as it was, as a record of what
   * happened, and a new pending copy (same kind, recipient, subject, bodies and order) is queued and
   * returned. 404 when there is no such message.
   */
  async resend(id: number): Promise<OutboxEmail> {
    const original = await this.repo.findOneBy({ id });
    if (!original) throw new NotFoundException('E-mail not found');
    const now = this.options.now();
    let queued: OutboxEmail;
    if (original.status === 'pending') {
      // Not while a worker holds it: that attempt is under way and records its own outcome.
      await this.repo
        .createQueryBuilder()
        .update()
        .set({ nextAttemptAt: now })
        .where('id = :id AND status = :pending', { id, pending: 'pending' })
        .andWhere('(lockedUntil IS NULL OR lockedUntil < :now)', { now })
        .execute();
      queued = await this.repo.findOneByOrFail({ id });
    } else {
      queued = await this.repo.save(
        this.repo.create({
          kind: original.kind,
          to: original.to,
          subject: original.subject,
          // Re-sealed rather than copied: each row gets its own nonce, and a body that no longer
          // decrypts fails here instead of in the worker.
          text: this.cipher.seal(this.cipher.open(original.text)),
          html: this.cipher.seal(this.cipher.open(original.html)),
          status: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          lockedUntil: null,
          lastError: null,
          sentAt: null,
          orderId: original.orderId,
        }),
      );
    }
    this.worker.wake();
    return queued;
  }

  /** The stored message with its bodies decrypted (for the back office). 404 when unknown. */
  async read(id: number): Promise<OutboxEmail & { text: string; html: string }> {
    const message = await this.repo.findOneBy({ id });
    if (!message) throw new NotFoundException('E-mail not found');
    return Object.assign(message, {
      text: this.cipher.open(message.text),
      html: this.cipher.open(message.html),
    });
  }
}
