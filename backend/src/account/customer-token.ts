/** Customer access tokens: HS256, their own audience (never accepted as a staff token), 30 minutes. */
export const CUSTOMER_AUDIENCE = 'office-licence-store/customer';
export const CUSTOMER_TOKEN_TTL_SECONDS = 30 * 60;

export interface CustomerTokenPayload {
  /** The customer's e-mail address, lower case. */
  sub: string;
}
