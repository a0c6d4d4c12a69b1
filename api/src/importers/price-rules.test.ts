/**
 * Each network's price fields as docs/feeds.md "Prices per network" documents them, one fixture
 * per network (api/test/fixtures/feeds/price-rules/) with one record per rule: which field is the
 * price, which the shipping, which a "from" price, and availability (kept, marked out of stock).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FeedImporter } from '@koopjesland/shared/entities';
import { readFeedRecords } from './index';

const FIXTURES = path.resolve(__dirname, '../../test/fixtures/feeds/price-rules');

interface Outcome {
  amount?: number;
  shipping?: number;
  total?: number;
  fromAmount?: number | null;
  inStock?: boolean;
  rejected?: string;
}

/** The fixture's records by store product id: the offer's prices and availability, or why it was rejected. */
async function read(importer: FeedImporter, fixture: string): Promise<Record<string, Outcome>> {
  const outcomes: Record<string, Outcome> = {};
  let position = 0;
  for await (const item of readFeedRecords(importer, fs.createReadStream(path.join(FIXTURES, fixture)), {})) {
    position++;
    if ('error' in item) outcomes[`#${position}`] = { rejected: item.error };
    else {
      const { externalId, amount, shipping, total, fromAmount, inStock } = item.offer;
      outcomes[externalId!] = { amount, shipping, total, fromAmount, inStock };
    }
  }
  return outcomes;
}

describe('prices as each network means them', () => {
  it('Awin: search_price, else store_price; delivery_cost added; product_price_old a from price; in_stock 0 or stock_status out of stock kept out of stock', async () => {
    expect(await read('awin', 'awin.csv')).toEqual({
      'AW-SEARCH': { amount: 1999, shipping: 0, total: 1999, fromAmount: null, inStock: true },
      'AW-STORE': { amount: 2495, shipping: 0, total: 2495, fromAmount: null, inStock: true },
      'AW-DELIVERY': { amount: 1000, shipping: 395, total: 1395, fromAmount: null, inStock: true },
      'AW-OLD': { amount: 1500, shipping: 0, total: 1500, fromAmount: 1800, inStock: true },
      'AW-NOSTOCK': { amount: 1200, shipping: 0, total: 1200, fromAmount: null, inStock: false },
      'AW-STATUS': { amount: 1300, shipping: 0, total: 1300, fromAmount: null, inStock: false },
    });
  });

  it('TradeTracker: price (its currency attribute), the deliveryCosts property as shipping, fromPrice a from price, stock 0 out of stock', async () => {
    expect(await read('tradetracker', 'tradetracker.xml')).toEqual({
      'TT-PRICE': { amount: 7999, shipping: 495, total: 8494, fromAmount: null, inStock: true },
      'TT-FROM': { amount: 3450, shipping: 0, total: 3450, fromAmount: 3995, inStock: true },
      'TT-STOCK': { amount: 549, shipping: 0, total: 549, fromAmount: null, inStock: false },
    });
  });

  it('Daisycon: price, price_shipping added, price_old a from price, in_stock false out of stock', async () => {
    expect(await read('daisycon', 'daisycon.xml')).toEqual({
      'DC-PRICE': { amount: 8999, shipping: 395, total: 9394, fromAmount: null, inStock: true },
      'DC-OLD': { amount: 16999, shipping: 0, total: 16999, fromAmount: 19999, inStock: true },
      'DC-STOCK': { amount: 999, shipping: 0, total: 999, fromAmount: null, inStock: false },
    });
  });

  it('bol: OfferNL.sellingPrice, OfferNL.shippingCost added, OfferNL.isDeliverable false out of stock', async () => {
    expect(await read('bol', 'bol.csv')).toEqual({
      'BOL-PRICE': { amount: 4999, shipping: 299, total: 5298, fromAmount: null, inStock: true },
      'BOL-STOCK': { amount: 1999, shipping: 0, total: 1999, fromAmount: null, inStock: false },
    });
  });

  it('Tradedoubler: price.value in price.currency (EUR only), the shippingCost field added, availability out of stock', async () => {
    expect(await read('tradedoubler', 'tradedoubler.json')).toEqual({
      'TD-PRICE': { amount: 24900, shipping: 395, total: 25295, fromAmount: null, inStock: true },
      '#2': { rejected: 'Currency USD is not supported (EUR only)' },
      'TD-STOCK': { amount: 1900, shipping: 0, total: 1900, fromAmount: null, inStock: false },
    });
  });
});
