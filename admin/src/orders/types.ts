/*
 * The back office's orders as the API answers them: the generated contract's types (`npm run contract`),
 * under the names the screens use. The statuses are the server's order process, defined there once.
 */
import type { AdminOrderDetail, AdminOrderRow } from '@store/contracts';

export { ORDER_STATUSES, PAYMENT_STATUSES } from '@store/contracts';
export type { OrderStatus, PaymentStatus, RefundReason } from '@store/contracts';

/**
 * A row of `GET /api/admin/orders`. `currency`: the one the order was placed in (#35); its every `*Cents`
 * amount (items, tax, refunds, disputes, credit notes) counts that currency's minor units.
 */
export type Order = AdminOrderRow;

/** `GET /api/admin/orders/:id`. */
export type OrderDetail = AdminOrderDetail;
