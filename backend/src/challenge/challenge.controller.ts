import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Challenge } from 'altcha-lib';
import { Public } from '../common/auth.decorators.js';
import { ChallengeDto } from './dto/challenge.dto.js';
import { ChallengeService } from './challenge.service.js';

/** Challenges handed out per minute to one client address. */
export const CHALLENGES_PER_MINUTE = 20;

@ApiTags('challenge')
@Public()
@Controller('challenge')
export class ChallengeController {
  constructor(private readonly challenges: ChallengeService) {}

  @Get()
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: CHALLENGES_PER_MINUTE, ttl: 60_000 } })
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'A proof-of-work challenge (ALTCHA, PBKDF2/SHA-256) for a write past its ceiling',
    description:
      'Signed by the store, valid 10 minutes, taken once. The ALTCHA widget solves it; its payload goes in ' +
      `the X-Altcha header of the write that answered 428. At most ${CHALLENGES_PER_MINUTE} a minute from one ` +
      'client address.',
  })
  @ApiOkResponse({ type: ChallengeDto })
  @ApiTooManyRequestsResponse()
  create(): Promise<Challenge> {
    return this.challenges.create();
  }
}
