const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** The largest multiple of the alphabet's size below 256: bytes from here up are drawn again (no bias). */
const LIMIT = 256 - (256 % ALPHABET.length);

type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

const cryptoRandom: RandomSource = (bytes) => crypto.getRandomValues(bytes);

/** A licence key of 5 groups of 5 uppercase letters or digits joined by hyphens, from a cryptographic source. */
export function generateLicenseKey(random: RandomSource = cryptoRandom): string {
  const characters: string[] = [];
  while (characters.length < 25) {
    for (const byte of random(new Uint8Array(32))) {
      if (byte < LIMIT && characters.length < 25) characters.push(ALPHABET[byte % ALPHABET.length]!);
    }
  }
  return [0, 5, 10, 15, 20].map((start) => characters.slice(start, start + 5).join('')).join('-');
}

export const LICENSE_KEY_PATTERN = /^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/;
