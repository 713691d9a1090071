import { describeError } from './outbox.worker.js';

describe('describeError (what is stored in lastError)', () => {
  it('keeps the error message on one line', () => {
    expect(describeError(new Error('Mail command failed: 451 4.7.1\r\n  Greylisted'))).toBe(
      'Mail command failed: 451 4.7.1 Greylisted',
    );
  });

  it('copes with errors that are not Error objects or have no message', () => {
    expect(describeError('socket hang up')).toBe('socket hang up');
    expect(describeError(Object.assign(new Error(''), { name: 'AbortError' }))).toBe('AbortError');
    expect(describeError(undefined)).toBe('undefined');
    expect(describeError('   ')).toBe('Unknown error');
  });
});
