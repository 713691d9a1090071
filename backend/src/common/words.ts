/*
 * The words the server's texts (e-mails, messages) compose around a number or a name: "1 hour" / "12
 * hours", "an on_hold order". The front ends have the same in @store/contracts (contracts/src/words.ts).
 */

const PLURAL = new Intl.PluralRules('en-US');
const NUMBER = new Intl.NumberFormat('en-US');

/** A count and its noun, singular or plural as English needs: "1 order", "0 orders", "1,200 keys". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${NUMBER.format(count)} ${PLURAL.select(count) === 'one' ? singular : plural}`;
}

/** Words that start with a vowel letter but a consonant sound ("a user"), or the other way ("an hour"). */
const SOUNDS_LIKE_A = /^(uni|use|usa|usu|ute|eu|ewe|one\b|once)/i;
const SOUNDS_LIKE_AN = /^(hour|honest|honou?r|heir)/i;

/** The indefinite article a phrase takes, and the phrase: "an Office 2024 key", "a Windows key". */
export function withArticle(phrase: string, { capital = false } = {}): string {
  const an = SOUNDS_LIKE_AN.test(phrase) || (/^[aeiou]/i.test(phrase) && !SOUNDS_LIKE_A.test(phrase));
  const article = an ? 'an' : 'a';
  return `${capital ? article[0]!.toUpperCase() + article.slice(1) : article} ${phrase}`;
}
