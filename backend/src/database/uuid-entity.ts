import { randomUUID } from 'node:crypto';
import { BeforeInsert, PrimaryColumn } from 'typeorm';

/**
 * Base of the entities whose ids are UUIDs (orders, licence keys, download links). The id is made by the
 * application on save(); code that inserts through the query builder must set it itself.
 */
export abstract class UuidEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @BeforeInsert()
  protected assignId(): void {
    this.id ??= randomUUID();
  }
}
