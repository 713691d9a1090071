import { ApiProperty } from '@nestjs/swagger';

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
