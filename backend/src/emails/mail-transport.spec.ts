import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { MailTransport, senderDomain } from './mail-transport.js';

describe('senderDomain', () => {
  it('takes the domain of the From address', () => {
    expect(senderDomain('Office Licence Store <no-reply@shop.example>')).toBe('shop.example');
    expect(senderDomain('orders@mail.shop-example.com')).toBe('mail.shop-example.com');
    expect(senderDomain('Nobody')).toBe('localhost');
  });
});

describe('MailTransport without SMTP_URL', () => {
  it('writes a multipart .eml file, readable by its owner only, and nothing else', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'store-transport-')), 'mail');
    const config = {
      isProduction: false,
      mail: {
        smtpUrl: null,
        dir,
        from: 'Shop <no-reply@shop.example>',
        supportEmail: 'help@shop.example',
        staffAlertEmail: 'help@shop.example',
        outbox: { firstRetryDelayMs: 15_000, maxAttempts: 16, sendTimeoutMs: 60_000 },
      },
    } satisfies Pick<AppConfig, 'mail' | 'isProduction'>;
    const transport = new MailTransport(config);
    expect(transport.mode).toBe('files');
    await transport.send({
      id: 12,
      to: 'jane@example.com',
      subject: 'Hello',
      text: 'Plain body',
      html: '<p>HTML body</p>',
      messageId: '<outbox-12.1@shop.example>',
    });
    transport.close();

    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-12\.eml$/);
    const file = join(dir, files[0]!);
    expect(statSync(file).mode & 0o077).toBe(0);
    const eml = readFileSync(file, 'utf8');
    expect(eml).toContain('From: Shop <no-reply@shop.example>\r\n');
    expect(eml).toContain('To: jane@example.com\r\n');
    expect(eml).toContain('Subject: Hello\r\n');
    expect(eml).toContain('Message-ID: <outbox-12.1@shop.example>\r\n');
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).toMatch(/Content-Type: text\/plain[^]*Plain body/);
    expect(eml).toMatch(/Content-Type: text\/html[^]*<p>HTML body<\/p>/);
  });
});
