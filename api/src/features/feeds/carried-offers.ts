/**
 * What a run of a feed may leave alone: the feed's current offers, each with the fingerprint of
 * the record it was last written from (importers/fingerprint.ts), loaded once at the start of a
 * run so that records which come again unchanged are carried (listed, not staged).
 */
import type { DatabaseHandle } from '../../db/client';
import { forEachBinaryCopyRow } from '../../db/binary-copy';
import { bytesHash52 } from '../../importers/fingerprint';
import type { NormalisedOffer } from '../../importers/types';

/**
 * The feed's current offers a run may leave alone, by the store's product id: each with the
 * fingerprint of the record it was last written from. Kept in typed arrays under an
 * open-addressing table of the product ids' hashes, grown by doubling (no string kept: a million
 * offers take about 40 MB). Offers that a run must judge again whatever their record says are
 * left out: hidden ones (a held price is judged again, a reported one shown again by the run that
 * carries it), ones with a "from" price (checked against the store's recent prices each run), and
 * any two whose product ids share a key.
 */
export class CarriedOffers {
  /** Per bucket: the slot of the offer whose product id hashes there, plus one; 0 when empty. */
  private buckets: Int32Array<ArrayBuffer>;
  private keys: Float64Array<ArrayBuffer>;
  /** The same by the hash of the record as read (fingerprint.ts `recordHash`); -1: two offers share it. */
  private recordBuckets: Int32Array<ArrayBuffer>;
  private recordKeys: Float64Array<ArrayBuffer>;
  private fingerprints: Float64Array<ArrayBuffer>;
  /** The offer's id; 0 when it cannot be carried, negative once a record of this run was carried to it. */
  private offerIds: Int32Array<ArrayBuffer>;
  private productIds: Int32Array<ArrayBuffer>;
  private size = 0;
  private positions: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private carriedSlots: Int32Array<ArrayBuffer> = new Int32Array(1024);
  /** Per carried record: its record hash when its offer has none yet (it is written then), else NaN. */
  private carriedHashes: Float64Array<ArrayBuffer> = new Float64Array(1024);
  /** Records carried unchanged so far. */
  count = 0;

  constructor(capacity = 1024) {
    this.buckets = new Int32Array(capacity * 2);
    this.keys = new Float64Array(capacity);
    this.recordBuckets = new Int32Array(capacity * 2);
    this.recordKeys = new Float64Array(capacity).fill(NaN);
    this.fingerprints = new Float64Array(capacity);
    this.offerIds = new Int32Array(capacity);
    this.productIds = new Int32Array(capacity);
  }

  /** Twice the room: the arrays copied, every offer placed again in twice the buckets. */
  private grow(): void {
    const capacity = this.keys.length * 2;
    const widen = <T extends Float64Array<ArrayBuffer> | Int32Array<ArrayBuffer>>(array: T, make: (n: number) => T): T => {
      const wider = make(capacity);
      wider.set(array);
      return wider;
    };
    this.keys = widen(this.keys, (n) => new Float64Array(n));
    this.recordKeys = widen(this.recordKeys, (n) => new Float64Array(n).fill(NaN));
    this.fingerprints = widen(this.fingerprints, (n) => new Float64Array(n));
    this.offerIds = widen(this.offerIds, (n) => new Int32Array(n));
    this.productIds = widen(this.productIds, (n) => new Int32Array(n));
    this.buckets = new Int32Array(capacity * 2);
    for (let slot = 0; slot < this.size; slot++) this.buckets[this.bucketOf(this.keys[slot]!)] = slot + 1;
    const recordBuckets = this.recordBuckets;
    this.recordBuckets = new Int32Array(capacity * 2);
    for (let bucket = 0; bucket < recordBuckets.length; bucket++) {
      const slot = recordBuckets[bucket]!;
      if (slot !== 0) this.recordBuckets[this.recordBucketOf(this.recordKeyOf(slot))] = slot;
    }
  }

  /** The record hash a filled record bucket holds (its entry: the slot plus one, or minus one less the slot when shared). */
  private recordKeyOf(entry: number): number {
    return this.recordKeys[entry > 0 ? entry - 1 : -entry - 1]!;
  }

  /** The record bucket of `key`: the one holding it, else the empty one where it goes. */
  private recordBucketOf(key: number): number {
    const buckets = this.recordBuckets;
    const mask = buckets.length - 1;
    for (let bucket = key % buckets.length; ; bucket = (bucket + 1) & mask) {
      const entry = buckets[bucket]!;
      if (entry === 0 || this.recordKeyOf(entry) === key) return bucket;
    }
  }

  /** The bucket of `key`: the one holding it, else the empty one where it goes (linear probing). */
  private bucketOf(key: number): number {
    const mask = this.buckets.length - 1;
    for (let bucket = key % this.buckets.length; ; bucket = (bucket + 1) & mask) {
      const slot = this.buckets[bucket]!;
      if (slot === 0 || this.keys[slot - 1] === key) return bucket;
    }
  }

  /** Adds an offer under `key`, its store product id's `externalIdKey`. */
  add(key: number, offerId: number, productId: number, fingerprint: number, recordHash: number | null = null): void {
    if (this.size === this.keys.length) this.grow();
    const bucket = this.bucketOf(key);
    const taken = this.buckets[bucket]!;
    if (taken !== 0) {
      this.offerIds[taken - 1] = 0;
      return;
    }
    const slot = this.size++;
    this.buckets[bucket] = slot + 1;
    this.keys[slot] = key;
    this.offerIds[slot] = offerId;
    this.productIds[slot] = productId;
    this.fingerprints[slot] = fingerprint;
    if (recordHash === null) return;
    this.recordKeys[slot] = recordHash;
    const recordBucket = this.recordBucketOf(recordHash);
    const entry = this.recordBuckets[recordBucket]!;
    // Two offers with one record hash: neither is carried by it (their fingerprints still may be).
    this.recordBuckets[recordBucket] = entry === 0 ? slot + 1 : -Math.abs(entry);
  }

  /** Notes that the record at `position` was carried to the offer in `slot`. */
  private carrySlot(slot: number, position: number, recordHash = NaN): void {
    if (this.count === this.positions.length) {
      this.positions = grow(this.positions);
      this.carriedSlots = grow(this.carriedSlots);
      const hashes = new Float64Array(this.carriedHashes.length * 2);
      hashes.set(this.carriedHashes);
      this.carriedHashes = hashes;
    }
    this.positions[this.count] = position;
    this.carriedSlots[this.count] = slot;
    this.carriedHashes[this.count] = recordHash;
    this.count++;
    // A second record with this product id goes the full way (and loses to this one as a duplicate).
    this.offerIds[slot] = -this.offerIds[slot]!;
  }

  /**
   * Whether the record with this hash, as read, is its offer's record unchanged (RecordCarrier):
   * the run carries it without mapping, normalising or fingerprinting it.
   */
  carryRecord(hash: number, position: number): boolean {
    if (this.size === 0) return false;
    const entry = this.recordBuckets[this.recordBucketOf(hash)]!;
    if (entry <= 0 || this.offerIds[entry - 1]! <= 0) return false;
    this.carrySlot(entry - 1, position);
    return true;
  }

  /** Whether the record is its offer's record unchanged; if so the run carries it without staging it. */
  carry(offer: NormalisedOffer, fingerprint: number): boolean {
    if (offer.externalId === null || offer.fromAmount !== null || this.size === 0) return false;
    const taken = this.buckets[this.bucketOf(externalIdKey(offer.externalId))]!;
    if (taken === 0) return false;
    const slot = taken - 1;
    if (this.offerIds[slot]! <= 0 || this.fingerprints[slot] !== fingerprint) return false;
    // An offer written before record hashes existed gets this record's, so its next run carries
    // it by its text. (One whose hash no longer matches keeps it: a feed with a column that changes
    // every export would otherwise write every offer every run.)
    const hashable = offer.recordHash !== undefined && offer.priceChangesAt === undefined && Number.isNaN(this.recordKeys[slot]!);
    this.carrySlot(slot, offer.position, hashable ? offer.recordHash : NaN);
    return true;
  }

  /**
   * The carried records from the `from`th on, as COPY text lines for the run's carried table
   * (db/run-staging.ts), a slice at a time. A record once carried stays so: its line is final.
   */
  *lines(runId: number, { from = 0, perSlice = 20_000 }: { from?: number; perSlice?: number } = {}): Generator<string> {
    for (let start = from; start < this.count; start += perSlice) {
      let text = '';
      for (let i = start; i < Math.min(this.count, start + perSlice); i++) {
        const slot = this.carriedSlots[i]!;
        const hash = this.carriedHashes[i]!;
        text += `${runId}\t${this.positions[i]}\t${-this.offerIds[slot]!}\t${this.productIds[slot]}\t${Number.isNaN(hash) ? '\\N' : hash}\n`;
      }
      yield text;
    }
  }
}

function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(array.length * 2);
  grown.set(array);
  return grown;
}

const utf8 = new TextEncoder();
let idBytes = new Uint8Array(256);

/**
 * The key of a store's product id in `CarriedOffers`: `bytesHash52` of its UTF-8 bytes, taken of
 * the bytes the database sends (no string is made of a million ids) and of a record's id as read.
 * Two ids with one key are never carried (`CarriedOffers.add`): a shared key costs a write, never a
 * wrong offer.
 */
export function externalIdKey(id: string): number {
  // UTF-8 takes at most three bytes per UTF-16 unit.
  if (id.length * 3 > idBytes.length) idBytes = new Uint8Array(id.length * 3);
  const { written } = utf8.encodeInto(id, idBytes);
  return bytesHash52(idBytes, 0, written);
}

/**
 * The feed's current offers with a fingerprint, for a run of the feed to compare its records
 * with: one binary COPY, read field by field (a row object per offer cost more than the rest).
 */
export async function loadCarriedOffers(handle: DatabaseHandle, feedId: number): Promise<CarriedOffers> {
  // COPY takes no parameters: the id goes into the text, as the integer it must be.
  if (!Number.isSafeInteger(feedId)) throw new TypeError(`Not a feed id: ${feedId}`);
  const carried = new CarriedOffers();
  const offers = handle.copyOut(`select external_id, id, product_id, fingerprint, record_hash from prices
    where feed_id = ${feedId} and valid_to is null and hidden_reason is null and from_amount is null
      and fingerprint is not null and external_id is not null`);
  await forEachBinaryCopyRow(offers, 5, (row) => {
    const start = row.starts[0]!;
    carried.add(
      bytesHash52(row.bytes, start, start + row.lengths[0]!),
      row.int4(1),
      row.int4(2),
      row.int8(3),
      row.isNull(4) ? null : row.int8(4),
    );
  });
  return carried;
}
