import { Module } from '@nestjs/common';
import { JobLeasesModule } from '../job-leases/job-leases.module.js';
import { Backfills } from './backfills.service.js';

/** The backfills of upgrades, worked through in the background; modules register their jobs with it. */
@Module({
  imports: [JobLeasesModule],
  providers: [Backfills],
  exports: [Backfills],
})
export class BackfillsModule {}
