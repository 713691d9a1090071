/**
 * Whether the company a buyer typed is the one VIES has registered for the VAT number (#32 §1): VAT numbers
 * are public, so a valid number alone does not make the buyer its business. Names are compared after
 * normalising what varies between the register and a form (case, accents, punctuation, spacing, the legal
 * form), never by closeness: a name one letter off does not match, and the checkout says which field to
 * check. The address VIES gives is compared by its postcode only (registers write addresses their own way).
 */

/** What VIES answers in place of a name or an address a member state does not disclose. */
const UNDISCLOSED = /^[\s-]*$/;

/**
 * Legal forms, as normalised words (companyNameTokens), taken off the end of a name: those of the EU's
 * member states, the UK's and the common English ones. `sp z o o` (Polish) is `sp zoo` once its single
 * letters are joined.
 */
const LEGAL_FORMS = new Set(
  [
    // Germany, Austria, Switzerland
    'gmbh mbh ag kg kgaa ohg gbr ug haftungsbeschrankt ev eg se co',
    // France, Belgium, Luxembourg, the Netherlands
    'sa sarl sas sasu eurl snc sci sprl srl scs scrl bvba cvba nv bv vof cv',
    // Italy, Spain, Portugal
    'spa srls sapa sl slu sll lda unipessoal',
    // Nordic and Baltic
    'ab hb oy oyj as asa aps is ou uab sia ks',
    // Central and eastern Europe
    'sro spol kft zrt nyrt bt sp zoo doo dd ad ood eood et',
    // Greece, Cyprus, Malta, Ireland, the UK and English
    'ae epe ike oe ee ltd limited plc llp lp dac uc clg llc inc incorporated corp corporation company',
  ]
    .join(' ')
    .split(' '),
);

/** Letters that do not decompose into a base letter and an accent. */
const FOLDED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** A value VIES gave (a name, an address), or null when it gave none ('---', empty, not text). */
export function disclosed(value: unknown): string | null {
  return typeof value === 'string' && !UNDISCLOSED.test(value) ? value.trim() : null;
}

/**
 * A name as words: lower case, accents and punctuation dropped, `&` and `+` as `and`, runs of single
 * letters joined (`S.A.` and `S A` are `sa`, `B.V.` is `bv`), the legal forms at its end taken off (all of
 * them: `GmbH & Co. KG`), but never its last word.
 */
export function companyNameTokens(name: string): string[] {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæøœłđðþı]/g, (c) => FOLDED[c]!)
    .replace(/[&+]/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  // Single letters in a row are one word (`s a` is `sa`), as a register writes `SA` and a buyer `S.A.`.
  const joined: string[] = [];
  let run = false;
  for (const word of words) {
    if (word.length === 1 && run) joined[joined.length - 1] += word;
    else joined.push(word);
    run = word.length === 1;
  }
  while (joined.length > 1 && (LEGAL_FORMS.has(joined.at(-1)!) || joined.at(-1) === 'and')) joined.pop();
  return joined;
}

/** Whether the name typed at checkout is the registered one, as compared here. */
export function companyNamesMatch(typed: string, registered: string): boolean {
  const a = companyNameTokens(typed);
  const b = companyNameTokens(registered);
  if (!a.length || !b.length) return false;
  // The same words in any order (registers put a trade name first or last), or the same letters run
  // together (`Micro Soft`, `Microsoft`).
  const sorted = (tokens: string[]) => [...tokens].sort().join(' ');
  return sorted(a) === sorted(b) || a.join('') === b.join('');
}

/** Whether VIES's address holds the billing postcode (spaces and case aside); null when no postcode. */
export function addressHasPostcode(address: string, zipCode: string): boolean | null {
  const code = zipCode.replace(/\s+/g, '').toUpperCase();
  if (!code) return null;
  return address.replace(/\s+/g, '').toUpperCase().includes(code);
}
