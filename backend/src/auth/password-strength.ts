import { BadRequestException } from '@nestjs/common';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/** zxcvbn's score (0–4) a staff password needs: "safely unguessable" against online attacks and more. */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/**
 * Built on first use: the dictionaries take a tenth of a second to load. Only the first 64 characters
 * are judged, because zxcvbn's matching grows steeply with length (over a second for 128 characters of
 * look-alike substitutions), and a weak beginning is reason enough to refuse.
 */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    maxLength: 64,
  });
  return estimator;
}

/**
 * Why a password is too easy to guess (zxcvbn-ts's own feedback), or null when it is strong enough.
 * `userInputs` are words an attacker would try first: the username, the store's name.
 */
export function passwordWeakness(password: string, userInputs: string[]): string | null {
  // Each input whole, in words, and run together: "Office Licence Store" also means "officelicencestore".
  const words = userInputs.flatMap((input) => {
    const parts = input
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((part) => part.length > 2);
    return [input, parts.join(''), ...parts];
  });
  const result = zxcvbn().check(password, [...new Set(words.filter(Boolean))]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const reason =
    result.feedback.warning || result.feedback.suggestions[0] || 'Add more words that are less common.';
  return `Password is too easy to guess: ${reason}`;
}

export function assertStrongPassword(password: string, userInputs: string[]): void {
  const weakness = passwordWeakness(password, userInputs);
  if (weakness) throw new BadRequestException(weakness);
}
