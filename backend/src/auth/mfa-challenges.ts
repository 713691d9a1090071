import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LessThan, type DataSource } from 'typeorm';
import { isUniqueViolation } from '../database/errors.js';
import { MfaChallenge } from './entities/mfa-challenge.entity.js';

/**
 * Sign-in challenges used once, in the database, so every process agrees (Redis-free deployments
 * included): the code step claims its challenge before checking the code, and gives it back when the code
 * is wrong, so the user may type it again; a challenge claimed by a sign-in is never claimed again.
 */
@Injectable()
export class MfaChallenges {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** True when this call claimed challenge `id` (which expires at `exp`, seconds); false when taken. */
  async claim(id: string, userId: number, exp: number): Promise<boolean> {
    const repo = this.db.getRepository(MfaChallenge);
    // Expired challenges are refused by their signature: their rows are no longer needed.
    await repo.delete({ expiresAt: LessThan(new Date()) });
    try {
      await repo.insert({ id, userId, expiresAt: new Date(exp * 1000) });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async release(id: string): Promise<void> {
    await this.db.getRepository(MfaChallenge).delete({ id });
  }
}
