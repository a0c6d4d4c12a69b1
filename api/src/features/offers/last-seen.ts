/**
 * When a feed last carried an offer. A feed run does not write `last_seen` on the offers it
 * carries unchanged (that was a write of every offer of the feed per run); it writes the run's
 * moment once on the feed (`store_feeds.offers_seen_at`). Every current offer of a feed was
 * carried by the feed's last applied run, or that run would have expired it; so a current
 * offer's last sighting is the later of its own `last_seen` (written when it was created or
 * changed) and its feed's mark. An offer that stops being current or loses its feed keeps the
 * value in its own column (`lastSeenOf` written back: run expiry, expiry by hand, a rejected
 * held offer, a deleted feed). Every read and write-back of it goes through `lastSeenOf`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { prices } from '../../db/schema';
import type { OfferTable } from './visible-offers';

/** The offer's last sighting by its feed; pass the alias the query reads prices under. */
export function lastSeenOf(offer: OfferTable = prices): SQL<Date> {
  return sql<Date>`(case when ${offer.validTo} is null
    then greatest(${offer.lastSeen}, (select f.offers_seen_at from store_feeds f where f.id = ${offer.feedId}))
    else ${offer.lastSeen} end)`;
}
