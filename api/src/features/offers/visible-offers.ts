/**
 * Which offers visitors see. An offer is current while `valid_to` is null, and shown while
 * `hidden_reason` is null too ('reported': hidden by a store admin after wrong-price reports,
 * until the feed's next import carries it; 'implausible': a feed price held back). Every read
 * that shows current offers to visitors or summarises them (a product's lowest price, its offer
 * count, store filters) uses `visibleOffer`, so a hidden offer never counts anywhere; admin
 * screens keep reading every current offer. The condition matches the partial index
 * `prices_current_by_product_idx`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { prices } from '../../db/schema';

/** The prices table under another name, for queries that read it as `prices o`. */
export const offerAlias = <Name extends string>(name: Name) => alias(prices, name);

export type OfferTable = typeof prices | ReturnType<typeof offerAlias>;

/** The offer is current and shown to visitors; pass the alias the query reads prices under. */
export function visibleOffer(offer: OfferTable = prices): SQL {
  return sql`(${offer.validTo} is null and ${offer.hiddenReason} is null)`;
}
