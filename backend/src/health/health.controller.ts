import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/auth.decorators.js';
import { HealthDto, LiveDto, ReadyDto } from './dto/health.dto.js';
import { HEALTH_TIMEOUT_MS, HealthService } from './health.service.js';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({
    summary: 'Liveness and database reachability; Redis reported, not required',
    description:
      'A load balancer can use the status code alone: 200 while the database answers, whatever Redis does.',
  })
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({
    description: `The database does not answer (within ${HEALTH_TIMEOUT_MS / 1000} s): "The database is not reachable"`,
  })
  check(): Promise<HealthDto> {
    return this.health.check();
  }

  @Get('live')
  @ApiOperation({
    summary: 'Liveness: the process answers (nothing else is asked, the database neither)',
    description:
      'Answered from the first seconds of a start, while the app and an upgrade’s migrations start: restart ' +
      'the process only when this fails.',
  })
  @ApiOkResponse({ type: LiveDto })
  live(): LiveDto {
    return { status: 'live' };
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness: send traffic here (started, database reachable, migrations done, not stopping)',
    description:
      'While the process starts, 503 saying what it is doing (running migrations, waiting for another ' +
      'process’s); then 503 when the database does not answer (within ' +
      `${HEALTH_TIMEOUT_MS / 1000} s), when it lacks a migration of this version, or once the process is ` +
      'shutting down. Backfills still running do not make it fail (`backfills` lists them).',
  })
  @ApiOkResponse({ type: ReadyDto })
  @ApiServiceUnavailableResponse({
    description:
      'Not ready, and why: "The store is starting: running 17 database migrations", "The database is not ' +
      'reachable", "The database has not run 2 of this version’s migrations (…)", "The store is shutting down"',
  })
  ready(): Promise<ReadyDto> {
    return this.health.ready();
  }
}
