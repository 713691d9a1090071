import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Public } from '../common/auth.decorators.js';

/** A database that has not answered `SELECT 1` within this time counts as unreachable. */
export const HEALTH_TIMEOUT_MS = 3_000;

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Get()
  @ApiOperation({ summary: 'Liveness and database reachability' })
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  @ApiServiceUnavailableResponse({
    description: 'The database does not answer (within 3 s): "The database is not reachable"',
  })
  async check(): Promise<{ status: 'ok' }> {
    let timer: NodeJS.Timeout | undefined;
    try {
      // A database that hangs rather than refusing must not hang the health check too.
      await Promise.race([
        this.db.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), HEALTH_TIMEOUT_MS);
        }),
      ]);
    } catch {
      throw new ServiceUnavailableException('The database is not reachable');
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok' };
  }
}
