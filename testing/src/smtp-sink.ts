import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { decodeHeader, parseMail } from './mime.ts';
import { waitFor } from './wait.ts';

/** One message the sink accepted. */
export interface ReceivedMail {
  /** SMTP envelope. */
  from: string;
  to: string[];
  raw: string;
  headers: Map<string, string>;
  subject: string;
  /** Decoded bodies by content type. */
  text: string | undefined;
  html: string | undefined;
  contentType: string;
}

/**
 * A real SMTP server on 127.0.0.1 (ephemeral port, no TLS, no authentication needed) that keeps every
 * message it accepts, and with `dir` also writes each to that folder as `<n>.eml` (00001.eml, …) for
 * other processes to read (the browser journeys' workers). `refuse()` makes it answer MAIL FROM with an
 * error until `accept()`; `slowDown()` delays its answer to the message data.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** MAIL FROM commands seen, accepted or refused. */
  attempts = 0;
  private refusal: { code: number; message: string } | null = null;
  private dataDelayMs = 0;
  private readonly server: SMTPServer;
  /** Where each message is also written as a file, if anywhere. */
  private readonly dir: string | undefined;

  private constructor(dir?: string) {
    this.dir = dir;
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      logger: false,
      onMailFrom: (_address, _session, callback) => {
        this.attempts++;
        if (!this.refusal) return callback();
        const error = Object.assign(new Error(this.refusal.message), { responseCode: this.refusal.code });
        callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const finish = () => {
            this.store(Buffer.concat(chunks), session.envelope);
            callback();
          };
          if (this.dataDelayMs) setTimeout(finish, this.dataDelayMs);
          else finish();
        });
      },
    });
  }

  static async start(options: { dir?: string } = {}): Promise<SmtpSink> {
    if (options.dir) mkdirSync(options.dir, { recursive: true });
    const sink = new SmtpSink(options.dir);
    await new Promise<void>((resolve, reject) => {
      sink.server.once('error', reject);
      sink.server.listen(0, '127.0.0.1', () => resolve());
    });
    return sink;
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Refuse every message with this reply (4xx: try later; 5xx: rejected) until accept(). */
  refuse(code = 451, message = 'Mailbox temporarily unavailable, try again later'): void {
    this.refusal = { code, message };
  }

  accept(): void {
    this.refusal = null;
  }

  /** Wait this long before accepting each message's data. */
  slowDown(ms: number): void {
    this.dataDelayMs = ms;
  }

  /** Messages whose subject contains the text. */
  withSubject(text: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.subject.includes(text));
  }

  /** The first message whose subject contains the text, once it has arrived (waitFor's time limit). */
  arrived(text: string): Promise<ReceivedMail> {
    return waitFor(() => this.withSubject(text)[0], { what: `the e-mail "${text}"` });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private store(
    bytes: Buffer,
    envelope: { mailFrom: { address: string } | false; rcptTo: { address: string }[] },
  ) {
    if (this.dir)
      writeFileSync(join(this.dir, `${String(this.received.length + 1).padStart(5, '0')}.eml`), bytes);
    const raw = bytes.toString('utf8');
    const { headers, parts } = parseMail(raw);
    this.received.push({
      from: envelope.mailFrom ? envelope.mailFrom.address : '',
      to: envelope.rcptTo.map((r) => r.address),
      raw,
      headers,
      subject: decodeHeader(headers.get('subject') ?? ''),
      text: parts.get('text/plain'),
      html: parts.get('text/html'),
      contentType: headers.get('content-type') ?? '',
    });
  }
}
