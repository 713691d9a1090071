/**
 * The two statements the EU's Consumer Rights Directive (Art 16(m)) and the UK's Consumer Contracts
 * Regulations (reg 37) ask of a consumer before digital content is supplied within the 14-day withdrawal
 * period. Checkout shows them (their words reach the storefront through the API contract, `x-statement`),
 * the order keeps when each was given, and the delivery e-mail confirms them in these same words.
 */
export const CONSENT_STATEMENTS = {
  immediateDelivery:
    'I expressly agree that delivery of my licence keys and download links begins as soon as my payment is confirmed, before the 14-day withdrawal period ends.',
  withdrawalRightLoss: 'I acknowledge that I lose my 14-day right of withdrawal once delivery has begun.',
} as const;

export type Consent = keyof typeof CONSENT_STATEMENTS;
export const CONSENTS = Object.keys(CONSENT_STATEMENTS) as Consent[];

/** When each statement was given for an order (null: not given). */
export type ConsentTimes = Record<Consent, Date | null>;
