import type { ArgumentsHost } from '@nestjs/common';
import { BadRequestException, Logger } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsEmail, IsInt, ValidateNested } from 'class-validator';
import { HttpErrorFilter, UNREADABLE_MESSAGE } from './http-error.filter.js';
import { createValidationPipe } from '../common/validation.js';
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
    expect(answer(new BadRequestException('Email is required'))).toEqual({
      status: 400,
      body: { statusCode: 400, message: 'Email is required', error: 'Bad Request', requestId: REQUEST_ID },
    });
  });

  it('answers a list of problems as one message string, each problem also in `errors`', () => {
    expect(answer(new BadRequestException(['Email is required', 'Quantity must be at least 1']))).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        message: 'Email is required; Quantity must be at least 1',
        error: 'Bad Request',
        errors: [{ message: 'Email is required' }, { message: 'Quantity must be at least 1' }],
        requestId: REQUEST_ID,
      },
    });
  });

  it("names the fields of the validation pipe's problems, nested ones by their path", async () => {
    class Billing {
      @IsEmail({}, { message: 'Please enter a valid email address' }) email!: string;
    }
    class Order {
      @IsInt({ message: 'Quantity must be a whole number' }) quantity!: number;
      @ValidateNested() @Type(() => Billing) billing!: Billing;
    }
    let refused: unknown;
    await createValidationPipe()
      .transform({ quantity: 'x', billing: { email: 'no' }, extra: 1 }, { type: 'body', metatype: Order })
      .catch((error: unknown) => (refused = error));
    expect(answer(refused).body).toMatchObject({
      message:
        'property extra should not exist; Quantity must be a whole number; Please enter a valid email address',
      errors: [
        { field: 'extra', message: 'property extra should not exist' },
        { field: 'quantity', message: 'Quantity must be a whole number' },
        { field: 'billing.email', message: 'Please enter a valid email address' },
      ],
    });
  });

  it('lists at most 20 problems and says how many more there were', () => {
    const problems = Array.from({ length: 25 }, (_, i) => `property p${i} should not exist`);
    const body = answer(new BadRequestException(problems)).body as { message: string; errors: unknown[] };
    expect(body.errors).toHaveLength(20);
    expect(typeof body.message).toBe('string');
    expect(body.message.endsWith('; … and 5 more problems')).toBe(true);
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
