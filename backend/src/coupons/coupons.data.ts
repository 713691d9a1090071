/**
 * The public promo codes, created by the seed when missing (and kept, deactivated, when staff delete one).
 * The 97 % code of the original store is deliberately not seeded.
 */
export const SEED_COUPONS = [
  { code: 'SAVE10', percentOff: 10 },
  { code: 'OFFICE20', percentOff: 20 },
  { code: 'WELCOME15', percentOff: 15 },
];
