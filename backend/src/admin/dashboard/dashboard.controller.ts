import { Get } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminController } from '../../common/auth.decorators.js';
import { DASHBOARD_CACHE_MS, DashboardService } from './dashboard.service.js';
import { DashboardStatsDto } from './dto/dashboard.dto.js';
import { RequestHeader } from '../../common/request-header.decorator.js';

/** Read by admin and support staff alike (no @Roles). */
@AdminController('dashboard', 'admin: dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @ApiOperation({
    summary: `Dashboard figures (admin and support); computed at most once every ${DASHBOARD_CACHE_MS / 1000} s`,
    description:
      'With REDIS_URL the figures are shared by every process of the store, so reloads answered by different ' +
      'processes never go back to older figures.',
  })
  @ApiHeader({
    name: 'Cache-Control',
    required: false,
    description: '`no-cache` computes the figures now instead of answering ones up to 5 seconds old',
  })
  @ApiOkResponse({ type: DashboardStatsDto })
  get(@RequestHeader('cache-control') cacheControl?: string): Promise<DashboardStatsDto> {
    return this.dashboard.stats(/\bno-cache\b/i.test(cacheControl ?? ''));
  }
}
