import { inputProblem, NOT_UNICODE_MESSAGE, TOO_DEEP_MESSAGE } from './body-guards.js';

describe('inputProblem', () => {
  it('accepts ordinary bodies, emoji (surrogate pairs) included', () => {
    expect(inputProblem({ cartItems: [{ id: 'x', quantity: 1 }], billing: { name: 'Zoë 😀' } })).toBeNull();
    expect(inputProblem('text')).toBeNull();
    expect(inputProblem(null)).toBeNull();
  });

  it('refuses nesting deeper than the limit, without overflowing the stack itself', () => {
    expect(inputProblem(JSON.parse(`${'['.repeat(32)}1${']'.repeat(32)}`))).toBeNull();
    expect(inputProblem(JSON.parse(`${'['.repeat(33)}1${']'.repeat(33)}`))).toBe(TOO_DEEP_MESSAGE);
    expect(inputProblem(JSON.parse(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`))).toBe(
      TOO_DEEP_MESSAGE,
    );
  });

  it('refuses lone surrogates in values and keys', () => {
    expect(inputProblem(JSON.parse('{"email":"\\ud800"}'))).toBe(NOT_UNICODE_MESSAGE);
    expect(inputProblem(JSON.parse('{"a":["x\\udc00y"]}'))).toBe(NOT_UNICODE_MESSAGE);
    expect(inputProblem(JSON.parse('{"\\ud83d":1}'))).toBe(NOT_UNICODE_MESSAGE);
  });
});
