import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager, type QueryResult, type Repository } from 'typeorm';
import { lockRows, runInTransaction } from '../database/transactions.js';
import type { ActivationStateDto, LicenseValidationDto } from './dto/license-activation.dto.js';
import { LicenseActivation } from './entities/license-activation.entity.js';
import { LicenseKey } from './entities/license-key.entity.js';
import { LicenseKeyCipher } from './license-key-cipher.js';

export const LICENSE_NOT_FOUND = 'License key not found';
export const INSTANCE_NOT_ACTIVATED = 'This instance is not activated for this license key';

/** The outcome of the activation transaction, before the answer is decided outside it. */
type Claim = 'activated' | 'already-active' | 'refused';

/**
 * Activation of licence keys by installations ("instances"). Keys are found by their lookup hash only; a key
 * is never decrypted, logged or echoed here.
 *
 * The activation limit holds under concurrency because a slot is only ever taken by one conditional UPDATE
 * (`activationCount < activationLimit`), which the database applies atomically, in the same transaction as
 * the activation row. The key row is always locked before the activation rows (activate updates it first,
 * deactivate locks it first), so activations and deactivations of one key cannot deadlock.
 */
@Injectable()
export class LicenseActivationsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(LicenseKey) private readonly keys: Repository<LicenseKey>,
    @InjectRepository(LicenseActivation) private readonly activations: Repository<LicenseActivation>,
    private readonly cipher: LicenseKeyCipher,
  ) {}

  async activate(licenseKey: string, instanceId: string): Promise<ActivationStateDto> {
    const key = await this.findKey(licenseKey);
    assertActive(key);
    const claim = await runInTransaction(this.db, (em) => this.claimSlot(em, key.id, instanceId));
    const current = await this.reload(key.id);
    if (claim === 'refused') {
      // No slot was free, or the key stopped being active, or the same instance won a concurrent race
      // (its row was committed after this transaction's first read): decide on fresh data.
      assertActive(current);
      if (!(await this.isActivated(key.id, instanceId))) {
        throw new ConflictException(
          `This license key has reached its activation limit (${current.activationCount} of ` +
            `${current.activationLimit}). Deactivate it on another device first.`,
        );
      }
    }
    return activationState(current);
  }

  async deactivate(licenseKey: string, instanceId: string): Promise<ActivationStateDto> {
    const key = await this.findKey(licenseKey);
    const freed = await runInTransaction(this.db, async (em) => {
      await this.lockKey(em, key.id);
      const deleted = await em
        .createQueryBuilder()
        .delete()
        .from(LicenseActivation)
        .where('licenseKeyId = :id AND instanceId = :instanceId', { id: key.id, instanceId })
        .execute();
      if (!deleted.affected) return false;
      await em
        .createQueryBuilder()
        .update(LicenseKey)
        .set({ activationCount: () => 'activationCount - 1' })
        .where('id = :id AND activationCount > 0', { id: key.id })
        .execute();
      return true;
    });
    if (!freed) throw new NotFoundException(INSTANCE_NOT_ACTIVATED);
    return activationState(await this.reload(key.id));
  }

  /** Read-only. An unknown key is not an error here: the answer is `{valid: false, status: 'unknown'}`. */
  async validate(licenseKey: string, instanceId?: string): Promise<LicenseValidationDto> {
    const key = await this.keys.findOneBy({ keyLookup: In(this.cipher.lookupHashes(licenseKey)) });
    if (!key) return { valid: false, status: 'unknown' };
    const answer: LicenseValidationDto = {
      valid: key.status === 'active',
      status: key.status,
      activationCount: key.activationCount,
      activationLimit: key.activationLimit,
    };
    if (instanceId !== undefined) answer.instanceActivated = await this.isActivated(key.id, instanceId);
    return answer;
  }

  private async claimSlot(em: EntityManager, keyId: string, instanceId: string): Promise<Claim> {
    if (await em.existsBy(LicenseActivation, { licenseKeyId: keyId, instanceId })) return 'already-active';
    const taken = await em
      .createQueryBuilder()
      .update(LicenseKey)
      .set({ activationCount: () => 'activationCount + 1' })
      .where("id = :id AND status = 'active' AND activationCount < activationLimit", { id: keyId })
      .execute();
    if (!taken.affected) return 'refused';
    // INSERT IGNORE / INSERT OR IGNORE: when the same instance was activated by a concurrent request
    // (after our first read), no row is added and the slot taken above is given back.
    const [sql, parameters] = em
      .createQueryBuilder()
      .insert()
      .into(LicenseActivation)
      .values({ licenseKeyId: keyId, instanceId })
      .orIgnore()
      .updateEntity(false)
      .getQueryAndParameters();
    const inserted = (await em.queryRunner!.query(sql, parameters, true)) as QueryResult;
    if (inserted.affected) return 'activated';
    await em
      .createQueryBuilder()
      .update(LicenseKey)
      .set({ activationCount: () => 'activationCount - 1' })
      .where('id = :id AND activationCount > 0', { id: keyId })
      .execute();
    return 'already-active';
  }

  /** Row lock on the key (MySQL/MariaDB); SQLite transactions already run one at a time. */
  private async lockKey(em: EntityManager, keyId: string): Promise<void> {
    await lockRows(
      em.createQueryBuilder(LicenseKey, 'key').select('key.id').where('key.id = :id', { id: keyId }),
    );
  }

  private async findKey(licenseKey: string): Promise<LicenseKey> {
    const key = await this.keys.findOneBy({ keyLookup: In(this.cipher.lookupHashes(licenseKey)) });
    if (!key) throw new NotFoundException(LICENSE_NOT_FOUND);
    return key;
  }

  private async reload(id: string): Promise<LicenseKey> {
    const key = await this.keys.findOneBy({ id });
    if (!key) throw new NotFoundException(LICENSE_NOT_FOUND);
    return key;
  }

  private isActivated(licenseKeyId: string, instanceId: string): Promise<boolean> {
    return this.activations.existsBy({ licenseKeyId, instanceId });
  }
}

function assertActive(key: LicenseKey): void {
  if (key.status === 'revoked') throw new ForbiddenException('This license key has been revoked');
  if (key.status === 'expired') throw new ForbiddenException('This license key has expired');
  if (key.status === 'faulty')
    throw new ForbiddenException('This license key was replaced: use the replacement key you were sent');
}

function activationState(key: LicenseKey): ActivationStateDto {
  return {
    valid: key.status === 'active',
    activationCount: key.activationCount,
    activationLimit: key.activationLimit,
  };
}
