import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/**
 * Something shaped like an e-mail address inside free text: a dot in the domain (so a path such as
 * node_modules/@nestjs/core is left alone), and a local part that is quoted or starts with none of the
 * punctuation that surrounds addresses in text; past its first character it may hold the apostrophes,
 * slashes and braces that valid addresses have (o'brien@…).
 */
const EMAIL_IN_TEXT =
  /(?:"[^"\r\n]+"|[^\s@<>"'`()[\]{},;:/\\][^\s@<>"`()[\],;:\\]*)@([^\s@<>"'`()[\]{},;:/\\]+\.[^\s@<>"'`()[\]{},;:/\\]+)/gu;

/** `jane.doe@example.com` → `j***@example.com`: enough to tell messages apart, not to read the address. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${Array.from(address)[0]}***${address.slice(at)}`;
}

/** Every e-mail address in a text, masked (SMTP and database errors quote the addresses they refuse). */
export function maskEmails(text: string): string {
  return text.replace(EMAIL_IN_TEXT, (address) => maskEmail(address));
}

/**
 * Nest's start-up chatter (each module initialised, each route mapped): written at debug level, so a
 * production log starts with what an operator needs, and LOG_LEVEL=debug shows the route map.
 */
export const START_UP_CONTEXTS: ReadonlySet<string> = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
]);

/**
 * The server's readable logger (LOG_FORMAT=text, development's default): Nest's console logger with every
 * customer e-mail address masked, whichever module writes the line (the outbox's "sent to …", an SMTP
 * refusal, a database error quoting a value), the start-up route map at debug level, and colours only on a
 * terminal (a file or a log collector gets no escape codes).
 */
export class PrivacyLogger extends ConsoleLogger {
  constructor(logLevels: LogLevel[], colors = process.stdout.isTTY === true && !process.env.NO_COLOR) {
    super({ logLevels, colors });
  }

  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && START_UP_CONTEXTS.has(context))
      super.debug(message, ...optionalParams);
    else super.log(message, ...optionalParams);
  }

  protected override stringifyMessage(message: unknown, logLevel: LogLevel): string {
    return maskEmails(super.stringifyMessage(message, logLevel));
  }

  // Nest calls this for every error line, with `undefined` when no stack was given.
  protected override printStackTrace(stack: string): void {
    super.printStackTrace(stack && maskEmails(stack));
  }
}
