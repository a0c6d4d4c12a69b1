import type { NormalisedOffer } from '../../importers/types';
import { offerFingerprint } from '../../importers/fingerprint';
import { CarriedOffers } from './repository';

/** Which records a run carries unchanged: by the store's product id and the fingerprint of the offer's last record. */
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
    for (let n = 1; n <= 5000; n++) carried.add(`X${n}`, 100_000 + n, 200_000 + n, offerFingerprint(offer(n)));
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
    const lines = [...carried.lines(7, 1000)].join('').trim().split('\n');
    expect(lines).toHaveLength(4500);
    expect(lines[0]).toBe(`7\t1\t100001\t200001`);
    expect(lines.at(-1)).toBe(`7\t4999\t104999\t204999`);
  });

  it('carries neither of two offers that share a product id', () => {
    const carried = new CarriedOffers();
    carried.add('X1', 1, 10, offerFingerprint(offer(1)));
    carried.add('X1', 2, 20, offerFingerprint(offer(1)));
    expect(carried.carry(offer(1), offerFingerprint(offer(1)))).toBe(false);
  });
});
