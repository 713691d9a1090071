import { Injectable } from '@nestjs/common';
import {
  InventoryService,
  type InventoryImportBatch,
  type InventoryImportResult,
  type InventoryImportRow,
} from '../license-keys/inventory.service.js';
import { StockService } from '../stock/stock.service.js';
import { FulfilmentService } from './fulfilment.service.js';

/** Adding keys to the inventory, then giving them to the paid orders that wait for them, oldest first. */
@Injectable()
export class RestockService {
  constructor(
    private readonly inventory: InventoryService,
    private readonly fulfilment: FulfilmentService,
    private readonly stock: StockService,
  ) {}

  async importKeys(
    rows: readonly InventoryImportRow[],
    batch?: InventoryImportBatch,
  ): Promise<InventoryImportResult & { ordersCompleted: number }> {
    const result = await this.inventory.importKeys(rows, batch);
    const ordersCompleted = result.imported > 0 ? await this.fulfilment.completeWaitingOrders() : 0;
    if (result.imported > 0) await this.stock.recheck();
    return { ...result, ordersCompleted };
  }
}
