import { Module } from '@nestjs/common';
import { JobLeases } from './job-leases.service.js';

/** The leases that elect one process for each housekeeping job (the reservation sweeper, the outbox poll). */
@Module({
  providers: [JobLeases],
  exports: [JobLeases],
})
export class JobLeasesModule {}
