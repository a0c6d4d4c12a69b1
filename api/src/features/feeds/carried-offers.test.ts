import type { NormalisedOffer } from '../../importers/types';
import { offerFingerprint } from '../../importers/fingerprint';
import { bytesHash52 } from '../../importers/fingerprint';
import { CarriedOffers, externalIdKey } from './carried-offers';

/**
 * Which records a run carries unchanged: by the hash of the record's text, else by the store's
 * product id and the fingerprint of the offer's last record.
 */
const offer = (n: number, price = 1000): NormalisedOffer => ({
  position: n,
  gtin: null,
  externalId: `X${n}`,
  productKey: `X${n}`,
  name: `Artikel ${n}`,
  slug: `artikel-${n}`,
  brand: null,
  description: null,
  amount: price,
  shipping: 0,
  total: price,
  fromAmount: null,
  inStock: true,
  url: `https://winkel.example/${n}`,
  deliveryTime: null,
  deliveryDays: null,
  categoryPath: null,
  images: [],
  properties: [],
});

describe('the offers a run may carry', () => {
  it('finds each of thousands of offers by its product id, carries its unchanged record once, and lists it', () => {
    // More offers than the first arrays hold: they grow and every offer is placed again.
    const carried = new CarriedOffers();
    for (let n = 1; n <= 5000; n++) carried.add(externalIdKey(`X${n}`), 100_000 + n, 200_000 + n, offerFingerprint(offer(n)));
    const decisions = Array.from({ length: 5000 }, (_, i) => {
      const n = i + 1;
      return carried.carry(offer(n, n % 10 === 0 ? 1100 : 1000), offerFingerprint(offer(n, n % 10 === 0 ? 1100 : 1000)));
    });
    expect(decisions.filter(Boolean)).toHaveLength(4500);
    expect(decisions[9]).toBe(false);
    // A second record for an offer already carried goes the full way.
    expect(carried.carry(offer(1), offerFingerprint(offer(1)))).toBe(false);
    // A record the feed never had, and one with a "from" price, are not carried.
    expect(carried.carry(offer(6000), offerFingerprint(offer(6000)))).toBe(false);
    const withFrom = { ...offer(11), fromAmount: 1500 };
    expect(carried.carry(withFrom, offerFingerprint(withFrom))).toBe(false);
    const lines = [...carried.lines(7, { perSlice: 1000 })].join('').trim().split('\n');
    expect(lines).toHaveLength(4500);
    expect(lines[0]).toBe(`7\t1\t100001\t200001\t\\N`);
    expect(lines.at(-1)).toBe(`7\t4999\t104999\t204999\t\\N`);
  });

  it("carries a record by the hash of its text when that is its offer's, once, and lists it", () => {
    const carried = new CarriedOffers();
    for (let n = 1; n <= 5000; n++) carried.add(externalIdKey(`X${n}`), 100_000 + n, 200_000 + n, offerFingerprint(offer(n)), 900_000 + n);
    const decisions = Array.from({ length: 5000 }, (_, i) => carried.carryRecord(i % 10 === 9 ? 1 : 900_001 + i, i + 2));
    expect(decisions.filter(Boolean)).toHaveLength(4500);
    // The same text again (a second record for the offer) goes the full way, by its text and by its fingerprint.
    expect(carried.carryRecord(900_001, 6000)).toBe(false);
    expect(carried.carry(offer(1), offerFingerprint(offer(1)))).toBe(false);
    // A changed record of another offer is still carried by its fingerprint.
    expect(carried.carry(offer(10), offerFingerprint(offer(10)))).toBe(true);
    const lines = [...carried.lines(7)].join('').trim().split('\n');
    expect(lines).toHaveLength(4501);
    expect(lines[0]).toBe(`7\t2\t100001\t200001\t\\N`);
  });

  it('carries neither of two offers that share a record hash by it', () => {
    const carried = new CarriedOffers();
    carried.add(externalIdKey('X1'), 1, 10, offerFingerprint(offer(1)), 42);
    carried.add(externalIdKey('X2'), 2, 20, offerFingerprint(offer(2)), 42);
    expect(carried.carryRecord(42, 1)).toBe(false);
    expect(carried.carry(offer(2), offerFingerprint(offer(2)))).toBe(true);
  });

  it("lists a record's hash with it when its offer has none yet, so the offer gets it", () => {
    const carried = new CarriedOffers();
    carried.add(externalIdKey('X1'), 1, 10, offerFingerprint(offer(1)));
    carried.add(externalIdKey('X2'), 2, 20, offerFingerprint(offer(2)), 77);
    carried.add(externalIdKey('X3'), 3, 30, offerFingerprint(offer(3)));
    expect(carried.carry({ ...offer(1), recordHash: 55 }, offerFingerprint(offer(1)))).toBe(true);
    expect(carried.carry({ ...offer(2), recordHash: 66 }, offerFingerprint(offer(2)))).toBe(true);
    // A sale period ahead: the time decides the offer, not its text.
    expect(carried.carry({ ...offer(3), recordHash: 88, priceChangesAt: Date.now() + 60_000 }, offerFingerprint(offer(3)))).toBe(true);
    expect([...carried.lines(7)].join('').trim().split('\n')).toEqual(['7\t1\t1\t10\t55', '7\t2\t2\t20\t\\N', '7\t3\t3\t30\t\\N']);
  });

  it('carries neither of two offers that share a product id', () => {
    const carried = new CarriedOffers();
    carried.add(externalIdKey('X1'), 1, 10, offerFingerprint(offer(1)));
    carried.add(externalIdKey('X1'), 2, 20, offerFingerprint(offer(1)));
    expect(carried.carry(offer(1), offerFingerprint(offer(1)))).toBe(false);
  });

  it('keys a product id the same from its text as from the bytes the database sends, and a million ids apart', () => {
    for (const id of ['X1', 'Kaffeemühle-☕-ÆØÅ', 'a'.repeat(500), '']) {
      const bytes = Buffer.concat([Buffer.from('..'), Buffer.from(id, 'utf8'), Buffer.from('..')]);
      expect(externalIdKey(id)).toBe(bytesHash52(bytes, 2, bytes.length - 2));
      expect(Number.isSafeInteger(externalIdKey(id))).toBe(true);
    }
    // Ids as stores number their products: a key shared by two would leave both to be written again.
    const keys = new Set<number>();
    for (let n = 1; n <= 1_000_000; n++) keys.add(externalIdKey(`SKU-${n}`));
    expect(keys.size).toBe(1_000_000);
  });
});
