import { ApiProperty } from '@nestjs/swagger';
import { RATE_LIMITS_MODES, type RateLimitsMode } from '../../config/app-config.js';

export const REDIS_STATES = ['up', 'down', 'off'] as const;
export type RedisState = (typeof REDIS_STATES)[number];

export class HealthDto {
  @ApiProperty({ enum: ['ok'], description: 'The database answers: the store can serve' })
  status: 'ok';

  @ApiProperty({
    enum: REDIS_STATES,
    example: 'up',
    description:
      'Redis (REDIS_URL): `up`, `down` (it did not answer PING within 1 s) or `off` (not configured). The store ' +
      'works without Redis: while it is down each process counts rate limits and keeps caches of its own and ' +
      'job leases are taken in the database, so `down` does not make the check fail. Alert on it separately.',
  })
  redis: RedisState;

  @ApiProperty({
    enum: RATE_LIMITS_MODES,
    example: 'shared',
    description:
      'Where this process counts the rate limits (sign-in, forms): `shared` in Redis with every process, or ' +
      '`per-process` (RATE_LIMITS=per-process, no REDIS_URL, or Redis down now): each process then allows ' +
      'the limits again, so N processes allow N times the guesses. Alert on `per-process` where the store ' +
      'runs several processes.',
  })
  rateLimits: RateLimitsMode;
}

export class LiveDto {
  @ApiProperty({ enum: ['live'], description: 'The process answers' })
  status: 'live';
}

export class ReadyDto {
  @ApiProperty({ enum: ['ready'], description: 'The store takes traffic' })
  status: 'ready';

  @ApiProperty({
    type: [String],
    example: ['license-key-search-terms'],
    description:
      'Backfills of an upgrade still running in the background (the store serves meanwhile; what they feed ' +
      'says it is incomplete): empty once every one is done. Their progress is in the log.',
  })
  backfills: string[];
}
