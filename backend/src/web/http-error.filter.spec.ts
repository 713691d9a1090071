import type { ArgumentsHost } from '@nestjs/common';
import { BadRequestException, Logger } from '@nestjs/common';
import { HttpErrorFilter, UNREADABLE_MESSAGE } from './http-error.filter.js';
import { SecretBox } from '../common/secret-box.js';

const REQUEST_ID = '5f0c1e2a-request';

/** Runs the filter on an exception and answers what it sent. */
function answer(exception: unknown): { status: number; body: unknown } {
  const sent = { status: 0, body: undefined as unknown };
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    header: () => reply,
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  const host = {
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => ({ id: REQUEST_ID }) }),
  } as unknown as ArgumentsHost;
  new HttpErrorFilter().catch(exception, host);
  return sent;
}

describe('HttpErrorFilter', () => {
  beforeAll(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());

  it("answers HTTP exceptions in the one error shape, with the request's id", () => {
    expect(answer(new BadRequestException(['Email is required']))).toEqual({
      status: 400,
      body: { statusCode: 400, message: ['Email is required'], error: 'Bad Request', requestId: REQUEST_ID },
    });
  });

  it('answers sealed data that no longer authenticates with a 409, never its details', () => {
    const box = new SecretBox('s'.repeat(32), 'test');
    let error: unknown;
    try {
      const sealed = box.seal('ABCDE-12345-FGHIJ-67890-KLMNO');
      box.open(`${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.at(-1)}`);
    } catch (e) {
      error = e;
    }
    expect(answer(error)).toEqual({
      status: 409,
      body: { statusCode: 409, message: UNREADABLE_MESSAGE, error: 'Conflict', requestId: REQUEST_ID },
    });
  });

  it('answers anything else as a bare 500', () => {
    expect(answer(new TypeError('x is undefined at /srv/app.js:1'))).toEqual({
      status: 500,
      body: {
        statusCode: 500,
        message: 'Internal server error',
        error: 'Internal Server Error',
        requestId: REQUEST_ID,
      },
    });
  });
});
