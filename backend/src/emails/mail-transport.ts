import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** One message as handed to the transport, bodies in clear (never stored or logged like this). */
export interface OutgoingMail {
  /** The outbox row, for the Message-ID and the .eml file name. */
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable Message-ID, so a receiver can recognise a message that had to be sent twice. */
  messageId: string;
}

/** The domain of a From address such as `Shop <no-reply@shop.example>`; `localhost` when there is none. */
export function senderDomain(from: string): string {
  return /@([\w.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * The Message-ID an outbox row is sent with: stable, so a receiver recognises a message sent twice, and
 * known to the store (the dispute evidence pack quotes the delivery e-mail's).
 */
export function outboxMessageId(row: { id: number; createdAt: Date }, domain: string): string {
  return `<outbox-${row.id}.${row.createdAt.getTime()}@${domain}>`;
}

/** SMTP timeouts: a dead or silent server fails the attempt quickly and the outbox retries later. */
export const SMTP_TIMEOUTS = {
  dnsTimeout: 10_000,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

/**
 * Sends mail through nodemailer: over SMTP when SMTP_URL is set, otherwise each message is written as an
 * RFC 5322 `.eml` file under MAIL_DIR (development and tests: open it in any mail client).
 */
@Injectable()
export class MailTransport {
  private readonly logger = new Logger('Mail');
  private readonly transporter: Transporter;
  readonly mode: 'smtp' | 'files';
  private readonly dir: string;
  private readonly from: string;
  private readonly supportEmail: string;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'mail' | 'isProduction'>) {
    this.from = config.mail.from;
    this.supportEmail = config.mail.supportEmail;
    this.dir = config.mail.dir;
    if (config.mail.smtpUrl) {
      this.mode = 'smtp';
      this.transporter = nodemailer.createTransport({ url: config.mail.smtpUrl, ...SMTP_TIMEOUTS });
    } else {
      this.mode = 'files';
      this.transporter = nodemailer.createTransport({
        streamTransport: true,
        buffer: true,
        newline: 'windows',
      });
      if (config.isProduction) {
        this.logger.warn(`SMTP_URL is not set: e-mails are written to ${this.dir} and not delivered`);
      }
    }
  }

  /** The domain of MAIL_FROM, for Message-IDs. */
  messageIdDomain(): string {
    return senderDomain(this.from);
  }

  /** Resolves once the SMTP server accepted the message (or the file is written); rejects otherwise. */
  async send(mail: OutgoingMail, signal?: AbortSignal): Promise<void> {
    const info = await this.transporter.sendMail({
      from: this.from,
      // The e-mails say "Reply to this e-mail": replies reach support, not the sending address.
      replyTo: mail.to === this.supportEmail ? undefined : this.supportEmail,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      signal,
    });
    if (this.mode === 'files') await this.writeFile(mail.id, (info as { message: Buffer }).message);
  }

  private async writeFile(id: number, message: Buffer): Promise<void> {
    // The bodies are in clear here, as in any mailbox: keep the files to this user.
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // ISO time with the colons replaced, so the name is valid on every file system.
    const name = `${new Date().toISOString().replace(/:/g, '-')}-${id}.eml`;
    const partial = join(this.dir, `.${name}.partial`);
    await writeFile(partial, message, { mode: 0o600 });
    // Readers of the directory never see a half-written file.
    await rename(partial, join(this.dir, name));
  }

  /** Called by the worker once its last send is over. */
  close(): void {
    this.transporter.close();
  }
}
