import { Module } from '@nestjs/common';
import { BackfillsModule } from '../backfills/backfills.module.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

@Module({ imports: [BackfillsModule], controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
