/** Staff tokens: HS256 only, issuer and audience checked, valid for 8 hours. */
export const JWT_ALGORITHM = 'HS256' as const;
export const JWT_ISSUER = 'office-licence-store';
export const JWT_AUDIENCE = 'office-licence-store/admin';
export const JWT_TTL_SECONDS = 8 * 60 * 60;

export interface StaffTokenPayload {
  sub: number;
  username: string;
  role: string;
  /** The user's tokenVersion when the token was issued. */
  ver: number;
  /** The session: random per sign-in (absent from tokens issued before step-up existed). */
  sid?: string;
}

/**
 * The challenge between the password and the code: signed like a staff token but for another audience,
 * so it is never accepted as one; bound to the user's tokenVersion, valid 5 minutes.
 */
export const MFA_CHALLENGE_AUDIENCE = 'office-licence-store/admin-mfa-challenge';
export const MFA_CHALLENGE_TTL_SECONDS = 5 * 60;

export interface MfaChallengePayload {
  sub: number;
  ver: number;
}

/**
 * A step-up token (POST /api/admin/me/step-up): proof that the acting user confirmed their password or a
 * code moments ago. Signed like a staff token but for another audience, bound to the user, their
 * tokenVersion and the session that asked; valid 5 minutes, and reusable within them by that session.
 */
export const STEP_UP_AUDIENCE = 'office-licence-store/admin-step-up';
export const STEP_UP_TTL_SECONDS = 5 * 60;

export interface StepUpPayload {
  sub: number;
  ver: number;
  sid: string;
}
