import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AuthService } from './auth.service.js';
import { JWT_ALGORITHM, JWT_AUDIENCE, JWT_ISSUER, type StaffTokenPayload } from './jwt.constants.js';
import type { StaffUserDto } from '../common/staff-user.dto.js';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly auth: AuthService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwtSecret,
      algorithms: [JWT_ALGORITHM],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  async validate(payload: StaffTokenPayload & { exp?: unknown }): Promise<StaffUserDto> {
    // jsonwebtoken checks `exp` only when present: a token without one would never expire.
    if (typeof payload.exp !== 'number') throw new UnauthorizedException('Token has no expiry');
    const user = await this.auth.resolveToken(payload);
    if (!user) throw new UnauthorizedException('Session has ended, please sign in again');
    return user;
  }
}
