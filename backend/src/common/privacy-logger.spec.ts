import { maskEmail, maskEmails, PrivacyLogger } from './privacy-logger.js';

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail('x@example.com')).toBe('x***@example.com');
    expect(maskEmail('élodie@exemple.fr')).toBe('é***@exemple.fr');
  });
});

describe('maskEmails', () => {
  it('masks every address in a log line, in any punctuation around it', () => {
    expect(maskEmails('Mail #4 (order-delivery) to jane@example.com: attempt 2 failed')).toBe(
      'Mail #4 (order-delivery) to j***@example.com: attempt 2 failed',
    );
    expect(maskEmails("550 <Bob.Smith@corp.example> rejected; Duplicate entry 'al@x.io' for key")).toBe(
      "550 <B***@corp.example> rejected; Duplicate entry 'a***@x.io' for key",
    );
  });

  it('masks the whole of addresses whose local part has quotes, slashes, braces or an apostrophe', () => {
    // Each is accepted at checkout: a valid address is a customer's whole address.
    expect(maskEmails('Sent to "john.smith"@example.com')).toBe('Sent to "***@example.com');
    expect(maskEmails('Sent to "john smith"@example.com')).toBe('Sent to "***@example.com');
    expect(maskEmails("Sent to jane{x}@example.com, o'brien@example.com and jane/doe@example.com")).toBe(
      'Sent to j***@example.com, o***@example.com and j***@example.com',
    );
  });

  it('leaves paths and scoped package names alone', () => {
    const stack = 'at run (/app/node_modules/@nestjs/core/router/router-execution-context.js:46:28)';
    expect(maskEmails(stack)).toBe(stack);
    expect(maskEmails('Created administrator "admin"')).toBe('Created administrator "admin"');
  });
});

describe('PrivacyLogger', () => {
  it('writes no customer address, in messages or stack traces', () => {
    const out: string[] = [];
    const stdout = jest
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk) => !!out.push(String(chunk)));
    const stderr = jest
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk) => !!out.push(String(chunk)));
    try {
      const logger = new PrivacyLogger(['log', 'warn', 'error']);
      logger.log('Sent mail #1 (access-link) to owner@example.com', 'Outbox');
      logger.warn('Mail #2 to someone@example.org: next try in 15 s', 'Outbox');
      logger.error('Failed', 'Error: refused victim@example.net\n    at x (/a/b.js:1:1)', 'Outbox');
      // As a Logger('Context').error(message) reaches it: no stack.
      logger.error('Payment setup failed for buyer@example.com', 'Checkout');
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
    const written = out.join('');
    expect(written).toContain('o***@example.com');
    expect(written).toContain('s***@example.org');
    expect(written).toContain('v***@example.net');
    expect(written).toContain('b***@example.com');
    expect(written).not.toMatch(/owner@|someone@|victim@|buyer@/);
  });
});

describe('PrivacyLogger start-up lines', () => {
  it("writes Nest's route map at debug level, and no colour codes when asked for none", () => {
    const out: string[] = [];
    const stdout = jest
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk) => !!out.push(String(chunk)));
    try {
      new PrivacyLogger(['log', 'warn', 'error'], false).log(
        'Mapped {/api/products, GET} route',
        'RouterExplorer',
      );
      expect(out).toEqual([]);
      const debug = new PrivacyLogger(['debug', 'log'], false);
      debug.log('Mapped {/api/products, GET} route', 'RouterExplorer');
      debug.log('Store listening', 'Store');
    } finally {
      stdout.mockRestore();
    }
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/DEBUG \[RouterExplorer\] Mapped/);
    expect(out[1]).toMatch(/LOG \[Store\] Store listening/);
    expect(out.join('')).not.toContain('\x1b[');
  });
});
