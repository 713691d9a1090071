/**
 * Searching keys by what staff type: any group's first 3 to 5 characters, or several groups typed from the
 * start ("ABCDE-FGH"). The key is stored encrypted, so each searchable token is kept only as a keyed hash
 * (LicenseKeyCipher.searchTerms, the license_key_search_terms table); these are the tokens.
 */

/**
 * Shorter parts are not searched: one or two characters would match a large share of the stock and, as
 * hashes, tell a reader of the database which keys share them.
 */
export const MIN_SEARCH_TOKEN = 3;
const GROUP = 5;
const GROUPS = 5;

/** The tokens of a normalised key: the 3-, 4- and 5-character prefix of each of its groups, once each. */
export function licenseKeySearchTokens(normalizedKey: string): string[] {
  const tokens = new Set<string>();
  for (const group of normalizedKey.split('-')) {
    for (let length = MIN_SEARCH_TOKEN; length <= Math.min(GROUP, group.length); length++)
      tokens.add(group.slice(0, length));
  }
  return [...tokens];
}

/**
 * The tokens a search text asks for, each of which must belong to the same key, or null when the text
 * cannot be part of a key: split on hyphens and spaces, parts of one or two characters (a group being
 * typed) are left out; a part longer than a group, with other characters than letters and digits, or more
 * parts than a key has groups, make it no key search. The text is normalised (upper case).
 */
export function licenseKeySearchParts(normalizedText: string): string[] | null {
  const parts = normalizedText.split(/[\s-]+/).filter(Boolean);
  if (!parts.length || parts.length > GROUPS) return null;
  if (!parts.every((part) => /^[A-Z0-9]+$/.test(part) && part.length <= GROUP)) return null;
  const searched = [...new Set(parts.filter((part) => part.length >= MIN_SEARCH_TOKEN))];
  return searched.length ? searched : null;
}
