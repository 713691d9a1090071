import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { LoginResponseDto, StaffUserDto } from './dto/login.dto.js';
import { AdminUser } from './entities/admin-user.entity.js';
import type { StaffTokenPayload } from './jwt.constants.js';
import { hashPassword, verifyPassword } from './passwords.js';

/** Compared against when the username is unknown, so both failures take the same time. */
const DUMMY_HASH = hashPassword('timing-equaliser-not-a-password');

@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(AdminUser) private readonly users: Repository<AdminUser>,
    private readonly jwt: JwtService,
  ) {}

  async login(username: string, password: string): Promise<LoginResponseDto> {
    const user = await this.users.findOneBy({ username });
    const valid = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), password);
    if (!user || !valid) throw new UnauthorizedException('Invalid credentials');
    const payload: StaffTokenPayload = {
      sub: user.id,
      username: user.username,
      role: user.role,
      ver: user.tokenVersion,
    };
    return { success: true, token: await this.jwt.signAsync(payload), user: toStaffUser(user) };
  }

  /** Ends every session of the user: tokens issued before now stop being accepted. */
  async logout(userId: number): Promise<void> {
    await this.users.increment({ id: userId }, 'tokenVersion', 1);
  }

  /** The staff member a verified token speaks for, or null when the token was revoked. */
  async resolveToken(payload: StaffTokenPayload): Promise<StaffUserDto | null> {
    const user = await this.users.findOneBy({ id: payload.sub });
    if (!user || user.tokenVersion !== payload.ver) return null;
    return toStaffUser(user);
  }
}

export function toStaffUser(user: AdminUser): StaffUserDto {
  return { id: user.id, username: user.username, role: user.role };
}
