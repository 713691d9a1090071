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
}
