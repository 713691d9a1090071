import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { CATALOG } from '../catalog/catalog.data.js';
import { Product } from '../catalog/entities/product.entity.js';
import { DownloadLink } from '../downloads/entities/download-link.entity.js';
import { generateLicenseKey, type LicenseKeyCipher } from '../license-keys/license-key-cipher.js';
import { insertLicenseKeys, newLicenseKey, type NewLicenseKey } from '../license-keys/license-keys.js';
import { newDownloadLink } from '../downloads/download-links.js';
import type {
  Order,
  OrderItemSnapshot,
  OrderStatus,
  PaymentStatus,
} from '../orders/entities/order.entity.js';
import { Order as OrderEntity } from '../orders/entities/order.entity.js';
import { canTransition, type ProcessKind, type ProcessStates } from '../orders/order-process.js';
import { runInTransaction } from '../database/transactions.js';
import { addSales, SalesTally } from '../reports/sales-rollup.service.js';

const FIRST = [
  'Jane',
  'Arjun',
  'Maria',
  'Chen',
  'Fatima',
  'Lucas',
  'Aiko',
  'Noah',
  'Priya',
  'Oliver',
  'Sofia',
  'Kwame',
];
const LAST = [
  'Doe',
  'Sharma',
  'Garcia',
  'Wang',
  'Khan',
  'Martin',
  'Tanaka',
  'Smith',
  'Patel',
  'Brown',
  'Rossi',
  'Mensah',
];
const PLACES = [
  { country: 'US', city: 'Austin', phoneKey: '+1', zip: '73301' },
  { country: 'IN', city: 'Pune', phoneKey: '+91', zip: '411001' },
  { country: 'GB', city: 'Leeds', phoneKey: '+44', zip: 'LS1 4AP' },
  { country: 'DE', city: 'Berlin', phoneKey: '+49', zip: '10115' },
  { country: 'FR', city: 'Lyon', phoneKey: '+33', zip: '69001' },
  { country: 'AU', city: 'Perth', phoneKey: '+61', zip: '6000' },
];
const TWO_YEARS_MS = 2 * 365 * 24 * 60 * 60 * 1000;

/** Where `moves` lead from `from`, each move a row of the order process (a wrong one fails at load). */
function walk<K extends ProcessKind>(
  kind: K,
  from: ProcessStates[K],
  moves: ProcessStates[K][],
): ProcessStates[K] {
  return moves.reduce((state, to) => {
    if (!canTransition(kind, state, to)) throw new Error(`No ${kind} transition ${state} → ${to}`);
    return to;
  }, from);
}

interface Outcome {
  /** Taken when the random draw is below this (and above the previous outcome's). */
  upTo: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** The payment succeeded at some point: the order got keys and links, and a paid date. */
  paid: boolean;
}

/**
 * Outcome mix of a real store: mostly paid, some abandoned, failed, refunded or cancelled. Each is the moves
 * its payment and order made from checkout's `pending` and `processing` through the order process tables.
 */
const PATHS: [upTo: number, payment: PaymentStatus[], order: OrderStatus[]][] = [
  [0.8, ['completed'], ['fulfilled']],
  [0.9, [], []],
  [0.95, ['failed'], []],
  [0.98, ['completed', 'refunded'], ['fulfilled', 'refunded']],
  [1, [], ['cancelled']],
];
const OUTCOMES: Outcome[] = PATHS.map(([upTo, payment, order]) => ({
  upTo,
  status: walk('order', 'processing', order),
  paymentStatus: walk('payment', 'pending', payment),
  paid: payment.includes('completed'),
}));

function outcome(r: number): Outcome {
  return OUTCOMES.find((o) => r < o.upTo) ?? OUTCOMES[OUTCOMES.length - 1]!;
}

export interface BulkResult {
  orders: number;
  keys: number;
  links: number;
}

/**
 * Adds `count` realistic orders (customers `customer<i>@example.com`, dates over the last two years,
 * keys and download links for the paid and refunded ones) with batched multi-row inserts, one transaction
 * per batch. Customer numbers continue after the orders already in the database.
 */
export async function insertBulkOrders(
  db: DataSource,
  cipher: LicenseKeyCipher,
  count: number,
  options: { batchSize?: number; onProgress?: (done: number) => void } = {},
): Promise<BulkResult> {
  const batchSize = options.batchSize ?? 1000;
  await db
    .createQueryBuilder()
    .insert()
    .into(Product)
    .values(CATALOG.map((p) => ({ ...p })))
    .orIgnore()
    .updateEntity(false)
    .execute();
  const offset = await db.getRepository(OrderEntity).count();
  const now = Date.now();
  const result: BulkResult = { orders: 0, keys: 0, links: 0 };

  for (let start = 0; start < count; start += batchSize) {
    const orders: Partial<Order>[] = [];
    const keys: NewLicenseKey[] = [];
    const links: Partial<DownloadLink>[] = [];
    // The sales report's roll-up, as the payments and refunds would have kept it.
    const sales = new SalesTally();
    for (let i = start; i < Math.min(count, start + batchSize); i++) {
      const n = offset + i;
      const first = FIRST[n % FIRST.length]!;
      const last = LAST[Math.floor(n / FIRST.length) % LAST.length]!;
      const place = PLACES[n % PLACES.length]!;
      const createdAt = new Date(now - Math.floor(Math.random() * TWO_YEARS_MS));
      const lines = 1 + (n % 3 === 0 ? 1 : 0) + (n % 7 === 0 ? 1 : 0);
      const items: OrderItemSnapshot[] = [];
      for (let l = 0; l < lines; l++) {
        const product = CATALOG[(n + l) % CATALOG.length]!;
        items.push({
          productId: product.id,
          name: product.title,
          quantity: 1 + (n % 5 === 0 ? 1 : 0),
          unitPriceCents: product.currentPriceCents,
        });
      }
      const subtotal = items.reduce((s, item) => s + item.quantity * item.unitPriceCents, 0);
      const discount = n % 10 === 0 ? Math.round(subtotal * 0.1) : 0;
      const { status, paymentStatus, paid } = outcome(Math.random());
      const id = randomUUID();
      orders.push({
        id,
        customerName: `${first} ${last}`,
        customerEmail: `customer${n}@example.com`,
        billingFirstName: first,
        billingLastName: last,
        billingAddress: `${1 + (n % 200)} Market Street`,
        billingCity: place.city,
        billingCountry: place.country,
        billingZipCode: place.zip,
        billingPhoneCountryCode: place.phoneKey,
        billingPhone: `555 01${String(n % 10000).padStart(4, '0')}`,
        subtotalCents: subtotal,
        discountCents: discount,
        totalCents: subtotal - discount,
        currency: 'USD',
        couponCode: discount ? 'SAVE10' : null,
        couponState: discount ? (paymentStatus === 'completed' ? 'redeemed' : 'released') : null,
        status,
        paymentStatus,
        paymentMethod: paymentStatus === 'pending' ? null : 'card',
        paymentProvider: 'stripe',
        providerPaymentId: `pi_bulk_${id.replace(/-/g, '')}`,
        orderItems: items,
        awaitingKeys: false,
        paidAt: paid ? createdAt : null,
        createdAt,
        updatedAt: createdAt,
      });
      if (!paid) continue;
      const day = createdAt.toISOString().slice(0, 10);
      const priced = { ...orders.at(-1)!, taxCents: 0, taxMode: 'off' as const } as Order;
      sales.addPayment(priced, day, paymentStatus === 'refunded' ? day : undefined);
      for (const item of items) {
        for (let q = 0; q < item.quantity; q++) {
          keys.push(
            newLicenseKey(cipher, generateLicenseKey(), {
              orderId: id,
              productId: item.productId,
              activationCount: n % 4 === 0 ? 0 : 1,
              status: paymentStatus === 'refunded' ? 'revoked' : 'active',
              assignedAt: createdAt,
              createdAt,
            }),
          );
        }
        const product = CATALOG.find((p) => p.id === item.productId)!;
        links.push(
          newDownloadLink({
            orderId: id,
            productId: item.productId,
            fileName: product.installerFileName,
            fileUrl: product.installerUrl,
            fileSize: product.installerSize,
            downloadCount: n % 6,
            isActive: paymentStatus === 'completed',
            createdAt,
          }),
        );
      }
    }
    await runInTransaction(db, async (m) => {
      const insert = async (entity: object, rows: object[]) => {
        // Under MySQL's packet limit and SQLite's variable limit.
        for (let i = 0; i < rows.length; i += 250) {
          await m
            .createQueryBuilder()
            .insert()
            .into(entity as never)
            .values(rows.slice(i, i + 250) as never)
            .updateEntity(false)
            .execute();
        }
      };
      await insert(OrderEntity, orders);
      await insertLicenseKeys(m, keys);
      await insert(DownloadLink, links);
      await addSales(m, sales.changes());
    });
    result.orders += orders.length;
    result.keys += keys.length;
    result.links += links.length;
    options.onProgress?.(result.orders);
  }
  return result;
}
