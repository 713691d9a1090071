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
  const known = [...new Set(words.filter(Boolean))];
  const result = zxcvbn().check(password, known);
  if (result.score < MIN_PASSWORD_SCORE) {
    const reason =
      result.feedback.warning || result.feedback.suggestions[0] || 'Add more words that are less common.';
    return `Password is too easy to guess: ${reason}`;
  }
  // zxcvbn scores `admin2026admin` or `Office Licence Store 2026` as strong: it counts a known word used
  // twice, or several of them, as that much harder. What is left without them must be strong on its own.
  const rest = known
    .sort((a, b) => b.length - a.length)
    .reduce((left, word) => left.replace(new RegExp(escapeRegExp(word), 'giu'), ''), password);
  if (rest !== password && zxcvbn().check(rest, known).score < MIN_PASSWORD_SCORE)
    return `Password is too easy to guess: ${en.translations.warnings.userInputs}`;
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function assertStrongPassword(password: string, userInputs: string[]): void {
  const weakness = passwordWeakness(password, userInputs);
  if (weakness) throw new BadRequestException(weakness);
}
