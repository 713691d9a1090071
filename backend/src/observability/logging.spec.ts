import { nestLogLevels } from './log-levels.js';
import { jsonLogging, maskingDestination } from './logging.js';

describe('nestLogLevels', () => {
  it("maps LOG_LEVEL to Nest's levels from it up", () => {
    expect(nestLogLevels('info')).toEqual(['log', 'warn', 'error', 'fatal']);
    expect(nestLogLevels('debug')).toEqual(['debug', 'log', 'warn', 'error', 'fatal']);
    expect(nestLogLevels('trace')[0]).toBe('verbose');
    expect(nestLogLevels('error')).toEqual(['error', 'fatal']);
  });
});

describe('JSON logging', () => {
  it('masks every e-mail address in whatever field holds it', () => {
    const written: string[] = [];
    const destination = maskingDestination({ write: (line: string) => void written.push(line) });
    destination.write(
      '{"msg":"Sent mail #1 to jane.doe@example.com","err":{"stack":"refused <bo@example.org>"}}\n',
    );
    expect(written.join('')).toBe(
      '{"msg":"Sent mail #1 to j***@example.com","err":{"stack":"refused <b***@example.org>"}}\n',
    );
  });

  it("writes Nest's lines as JSON with the level's name, and the start-up route map at debug level", () => {
    const lines: Record<string, unknown>[] = [];
    const { logger } = jsonLogging('debug', {
      write: (chunk: string) => void lines.push(JSON.parse(chunk) as Record<string, unknown>),
    });
    logger.log('Mapped {/api/products, GET} route', 'RouterExplorer');
    logger.log('Store listening on http://localhost:3000', 'Store');
    logger.error('Payment setup failed for buyer@example.com', 'Checkout');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'debug',
        context: 'RouterExplorer',
        msg: 'Mapped {/api/products, GET} route',
      }),
      expect.objectContaining({
        level: 'info',
        context: 'Store',
        msg: 'Store listening on http://localhost:3000',
      }),
      expect.objectContaining({
        level: 'error',
        context: 'Checkout',
        msg: 'Payment setup failed for b***@example.com',
      }),
    ]);
    expect(lines[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
