import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EXACT } from '../../database/exact-collation.js';
import { LicenseKey } from './license-key.entity.js';

/**
 * One searchable token of a licence key (see licenseKeySearchTokens), kept only as a keyed hash
 * (LicenseKeyCipher.searchTerms): a search hashes what staff typed and matches it here, by the primary
 * key's index. Written with the key (insertLicenseKeys), rewritten by rotate-secrets, deleted with it.
 */
@Entity('license_key_search_terms')
@Index('IDX_license_key_search_terms_keyId', ['keyId'])
export class LicenseKeySearchTerm {
  /** Hex of HMAC-SHA256 under the search sub-key, truncated to 128 bits. */
  @PrimaryColumn({ type: 'varchar', length: 32, ...EXACT })
  term: string;

  @PrimaryColumn({ type: 'varchar', length: 36 })
  keyId: string;

  @ManyToOne(() => LicenseKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'keyId' })
  key?: LicenseKey;
}
