import { HttpException, HttpStatus } from '@nestjs/common';

/** The header a write past its ceiling carries its solved challenge in (the ALTCHA widget's payload). */
export const CHALLENGE_HEADER = 'x-altcha';

/**
 * 428: this anonymous write is taken only with a solved challenge (GET /api/challenge). Its answer says so
 * with `challengeRequired: true` (a plain field HttpErrorFilter passes on), whether the header was missing or its solution was
 * refused (forged, expired or already used): either way the client solves a new one and sends again.
 */
export class ChallengeRequiredException extends HttpException {
  constructor(message: string) {
    super({ message, challengeRequired: true }, HttpStatus.PRECONDITION_REQUIRED);
  }
}
