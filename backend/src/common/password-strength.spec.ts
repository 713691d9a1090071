import { BadRequestException } from '@nestjs/common';
import { assertStrongPassword, passwordWeakness } from './password-strength.js';

const INPUTS = ['jane.support', 'Office Licence Store'];

describe('passwordWeakness (zxcvbn-ts, score 3 or more)', () => {
  it.each([
    ['111111111111', 'Repeated characters like "aaa" are easy to guess.'],
    ['aaaaaaaaaaaa', 'Repeated characters like "aaa" are easy to guess.'],
    ['password1234', 'This is similar to a commonly used password.'],
    ['qwertyuiop12', 'This is similar to a commonly used password.'],
  ])('refuses %j and says why', (password, warning) => {
    expect(passwordWeakness(password, INPUTS)).toBe(`Password is too easy to guess: ${warning}`);
  });

  it('refuses passwords built from the username or the store name', () => {
    expect(passwordWeakness('jane.support1', INPUTS)).toMatch(/^Password is too easy to guess: /);
    expect(passwordWeakness('OfficeLicenceStore', INPUTS)).toMatch(/^Password is too easy to guess: /);
  });

  it.each(['jane.support2026jane.support', 'Office Licence Store 2026', 'support-2026-support-jane'])(
    'refuses %j, which is the username or the store name around a little else',
    (password) => {
      expect(passwordWeakness(password, INPUTS)).toBe(
        'Password is too easy to guess: There should not be any personal or page related data.',
      );
    },
  );

  it('accepts a strong password that also holds the username', () => {
    expect(passwordWeakness('jane.support tangerine harbour lamp', INPUTS)).toBeNull();
  });

  it.each(['correct horse battery staple', 'a-long-enough-secret', 'tX9!vQ2#mL4@'])(
    'accepts %j',
    (password) => {
      expect(passwordWeakness(password, INPUTS)).toBeNull();
    },
  );

  // zxcvbn's matching grows steeply with length (seconds for 128 characters of look-alikes): only the first
  // 64 characters are judged. How fast that is belongs to no test (a busy machine took 3.2 s once): what is
  // checked is that the end of a long password is not looked at.
  it('judges only the beginning of a very long password', () => {
    expect(passwordWeakness('P@55w0rd'.repeat(128), INPUTS)).not.toBeNull();
    const strongEnd = 'tX9!vQ2#mL4@ tangerine harbour lamp';
    expect(passwordWeakness(`${'a'.repeat(20)}${strongEnd}`, INPUTS)).toBeNull();
    expect(passwordWeakness(`${'a'.repeat(64)}${strongEnd}`, INPUTS)).not.toBeNull();
  });

  it('throws a 400 with the reason', () => {
    expect(() => assertStrongPassword('aaaaaaaaaaaa', INPUTS)).toThrow(
      new BadRequestException(
        'Password is too easy to guess: Repeated characters like "aaa" are easy to guess.',
      ),
    );
  });
});
