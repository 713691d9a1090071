import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/auth.decorators.js';
import { HealthDto } from './dto/health.dto.js';
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
}
