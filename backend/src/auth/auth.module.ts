import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { AuditModule } from '../audit/audit.module.js';
import { GeoIp } from '../common/geo-ip.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { REDIS } from '../redis/redis.module.js';
import { RedisAttemptStore } from './redis-attempt-store.js';
import { ATTEMPT_STORE, MemoryAttemptStore } from './attempt-store.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { StaffMember } from '../staff/entities/staff-member.entity.js';
import { StaffAccessGuard } from './guards.js';
import { JWT_ALGORITHM, JWT_AUDIENCE, JWT_ISSUER, JWT_TTL_SECONDS } from './jwt.constants.js';
import { JwtStrategy } from './jwt.strategy.js';
import { MfaController } from './mfa.controller.js';
import { MfaChallenges } from './mfa-challenges.js';
import { MfaService } from './mfa.service.js';
import { RecoveryCodesController } from './recovery-codes.controller.js';
import { SignInLimiter } from './sign-in-limiter.js';
import { EmailsModule } from '../emails/emails.module.js';
import { StepUpGuard } from './step-up.js';
import { StepUpController } from './step-up.controller.js';
import { StepUpService } from './step-up.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([StaffMember]),
    AuditModule,
    EmailsModule,
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: {
          algorithm: JWT_ALGORITHM,
          expiresIn: JWT_TTL_SECONDS,
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
        },
        verifyOptions: { algorithms: [JWT_ALGORITHM], issuer: JWT_ISSUER, audience: JWT_AUDIENCE },
      }),
    }),
  ],
  controllers: [AuthController, MfaController, RecoveryCodesController, StepUpController],
  providers: [
    AuthService,
    MfaService,
    MfaChallenges,
    StepUpService,
    SignInLimiter,
    {
      provide: ATTEMPT_STORE,
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis | null) =>
        redis && config.redis && config.rateLimits === 'shared'
          ? new RedisAttemptStore(redis, config.redis.keyPrefix)
          : new MemoryAttemptStore(),
    },
    JwtStrategy,
    { provide: GeoIp, useFactory: () => new GeoIp() },
    { provide: APP_GUARD, useClass: StaffAccessGuard },
    // After the staff guard, which sets the user it checks.
    { provide: APP_GUARD, useClass: StepUpGuard },
  ],
  exports: [AuthService, MfaService],
})
export class AuthModule {}
