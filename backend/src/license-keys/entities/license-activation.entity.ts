import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { EXACT } from '../../database/exact-collation.js';
import { LicenseKey } from './license-key.entity.js';

/** One installation (instance) that activated a licence key. */
@Entity('license_activations')
@Unique('UQ_license_activations_key_instance', ['licenseKeyId', 'instanceId'])
export class LicenseActivation {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 36 })
  licenseKeyId: string;

  @ManyToOne(() => LicenseKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'licenseKeyId' })
  licenseKey?: LicenseKey;

  @Column({ type: 'varchar', length: 255, ...EXACT })
  instanceId: string;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;
}
