import { Brackets, type EntityManager } from 'typeorm';
import { OutboxEmail } from './entities/outbox-email.entity.js';
import { Order } from '../orders/entities/order.entity.js';

/** The outbox kind of the sign-in link's e-mail sent by staff from the back office's customer view. */
export const ACCESS_LINK_KIND = 'access-link';
/** The outbox kind of the sign-in link's e-mail asked for on the storefront's form. */
export const ACCESS_LINK_REQUEST_KIND = 'access-link-request';

/** Sign-in links one address is sent at most in a quarter of an hour, and in a day (staff's included). */
export const ACCESS_LINKS_PER_QUARTER_HOUR = 3;
export const ACCESS_LINKS_PER_DAY = 10;
const QUARTER_HOUR_MS = 15 * 60_000;
const DAY_MS = 24 * 3600_000;

/** The verdict on a link asked for by an address without orders: the message is deleted, not sent. */
export const DROP = 'drop';

/**
 * What the outbox does with a sign-in link asked for on the storefront, decided when its turn comes rather
 * than in the request, so the request does the same work (and answers the same) whatever the address:
 * DROP it when the address has no orders (nothing is kept of an address that is no customer's), withhold it
 * (the reason) when the address was sent its limit of links, null to send it.
 *
 * The limit counts the links sent to the address, and those another worker is sending right now (claimed,
 * `lockedUntil` ahead), in the database every process shares: two processes sending to one address at
 * once each see the other's, so together they never go past the limit (at the limit both may hold back).
 */
export async function accessLinkVerdict(
  m: EntityManager,
  message: OutboxEmail,
  now: Date,
): Promise<typeof DROP | string | null> {
  if (!(await m.existsBy(Order, { customerEmail: message.to }))) return DROP;
  const others = await m
    .createQueryBuilder(OutboxEmail, 'm')
    .select(['m.id', 'm.to', 'm.sentAt'])
    .where('m.to = :to AND m.kind IN (:...kinds) AND m.id <> :id', {
      to: message.to,
      kinds: [ACCESS_LINK_KIND, ACCESS_LINK_REQUEST_KIND],
      id: message.id,
    })
    .andWhere(
      new Brackets((w) =>
        w
          .where('m.status = :sent AND m.sentAt > :dayAgo', {
            sent: 'sent',
            dayAgo: new Date(now.getTime() - DAY_MS),
          })
          .orWhere('m.status = :pending AND m.lockedUntil > :now', { pending: 'pending', now }),
      ),
    )
    .getMany()
    // The recipient column compares by MySQL/MariaDB's default collation: exactly here, as identities do.
    .then((rows) => rows.filter((o) => o.to === message.to));
  const quarterHourAgo = now.getTime() - QUARTER_HOUR_MS;
  const inQuarterHour = others.filter((o) => (o.sentAt ?? now).getTime() > quarterHourAgo).length;
  if (inQuarterHour >= ACCESS_LINKS_PER_QUARTER_HOUR)
    return `the address was sent ${ACCESS_LINKS_PER_QUARTER_HOUR} sign-in links in 15 minutes`;
  if (others.length >= ACCESS_LINKS_PER_DAY)
    return `the address was sent ${ACCESS_LINKS_PER_DAY} sign-in links in a day`;
  return null;
}
