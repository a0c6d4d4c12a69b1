/**
 * Demo feeds: one per importer, each reading a sample file written into the feed storage
 * folder in that importer's real layout, run once so demo offers flow through the real
 * import pipeline. The samples use catalog EANs (so offers land on existing products) plus
 * a few new products.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { FeedCompression, FeedImporter } from '@koopjesland/shared/entities';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { productIdentifiers, productPrices, products, storeFeeds, stores as storesTable } from '../../db/schema';
import { FEED_IMPORTERS } from '@koopjesland/shared/entities';
import { registerShownImages } from '../image-copies/copier';
import { executeRun, createRun } from './runner';

interface DemoItem {
  id: string;
  ean: string;
  name: string;
  brand: string;
  price: number;
  shipping: number;
  url: string;
  /** Empty: demo feeds carry no third-party image URLs (the site must work offline); see below. */
  image: string;
  category: string;
}

const euro = (cents: number) => (cents / 100).toFixed(2);
const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;

const writers: Record<FeedImporter, { file: string; compression: FeedCompression; write(items: DemoItem[]): string }> = {
  tradetracker: {
    file: 'tradetracker.xml',
    compression: 'none',
    write: (items) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<products>\n${items
        .map(
          (i) => `  <product ID="${i.id}"><name>${xml(i.name)}</name><price currency="EUR">${euro(i.price)}</price><URL>${xml(i.url)}</URL>` +
            `<images><image>${xml(i.image)}</image></images><categories><category path="${xml(i.category)}"/></categories>` +
            `<properties><property name="EAN"><value>${i.ean}</value></property><property name="brand"><value>${xml(i.brand)}</value></property>` +
            `<property name="deliveryCosts"><value>${euro(i.shipping)}</value></property><property name="deliveryTime"><value>1-2 werkdagen</value></property></properties></product>`,
        )
        .join('\n')}\n</products>\n`,
  },
  awin: {
    file: 'awin.csv.gz',
    compression: 'gzip',
    write: (items) =>
      ['merchant_product_id,product_name,search_price,currency,delivery_cost,delivery_time,ean,brand_name,merchant_category,merchant_image_url,aw_deep_link,in_stock']
        .concat(items.map((i) => [i.id, quote(i.name), euro(i.price), 'EUR', euro(i.shipping), quote('2 werkdagen'), i.ean, quote(i.brand), quote(i.category), i.image, i.url, '1'].join(',')))
        .join('\n'),
  },
  daisycon: {
    file: 'daisycon.xml',
    compression: 'none',
    write: (items) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<datafeed><programs><program><products>\n${items
        .map(
          (i) => `<product><product_info><sku>${i.id}</sku><title>${xml(i.name)}</title><price>${euro(i.price)}</price><price_shipping>${euro(i.shipping)}</price_shipping>` +
            `<delivery_time>Morgen in huis</delivery_time><ean>${i.ean}</ean><brand>${xml(i.brand)}</brand><category_path>${xml(i.category)}</category_path><link>${xml(i.url)}</link>` +
            `<images><image><location>${xml(i.image)}</location></image></images></product_info></product>`,
        )
        .join('\n')}\n</products></program></programs></datafeed>\n`,
  },
  bol: {
    file: 'bol.csv.gz',
    compression: 'gzip',
    write: (items) =>
      ['productId|ean|title|brand|OfferNL.sellingPrice|OfferNL.shippingCost|OfferNL.maximalDeliveryDays|OfferNL.isDeliverable|category|imageUrl|productPageUrlNL']
        .concat(items.map((i) => [i.id, i.ean, i.name, i.brand, euro(i.price), euro(i.shipping), '2', 'true', i.category, i.image, i.url].map(quote).join('|')))
        .join('\n'),
  },
  gameresource: {
    file: 'gameresource.xml',
    compression: 'none',
    write: (items) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<games>\n${items
        .map(
          (i) => `<game><id>${i.id}</id><ean>${i.ean}</ean><title>${xml(i.name)}</title><platform>Multi</platform><genre>${xml(i.category.split(' > ').pop()!)}</genre>` +
            `<publisher>${xml(i.brand)}</publisher><price>${euro(i.price)}</price><shipping>${euro(i.shipping)}</shipping><url>${xml(i.url)}</url><image>${xml(i.image)}</image><stock>1</stock></game>`,
        )
        .join('\n')}\n</games>\n`,
  },
  koopjesland: {
    file: 'koopjesland.xml',
    compression: 'none',
    write: (items) =>
      `<?xml version="1.0"?>\n<rss xmlns:g="http://base.google.com/ns/1.0" version="2.0"><channel><title>Demo</title>\n${items
        .map(
          (i) => `<item><g:id>${i.id}</g:id><g:title>${xml(i.name)}</g:title><g:link>${xml(i.url)}</g:link><g:image_link>${xml(i.image)}</g:image_link>` +
            `<g:price>${euro(i.price)} EUR</g:price><g:gtin>${i.ean}</g:gtin><g:brand>${xml(i.brand)}</g:brand><g:availability>in_stock</g:availability>` +
            `<g:product_type>${xml(i.category)}</g:product_type><g:shipping><g:country>NL</g:country><g:price>${euro(i.shipping)} EUR</g:price></g:shipping></item>`,
        )
        .join('\n')}\n</channel></rss>\n`,
  },
  tradedoubler: {
    file: 'tradedoubler.json',
    compression: 'none',
    write: (items) =>
      JSON.stringify({
        products: items.map((i) => ({
          name: i.name,
          brand: i.brand,
          productUrl: i.url,
          productImage: { url: i.image },
          price: { value: euro(i.price), currency: 'EUR' },
          identifiers: { ean: i.ean, sku: i.id },
          categories: i.category.split(' > ').map((name) => ({ name })),
          deliveryTime: '1-3 werkdagen',
          fields: [{ name: 'shippingCost', value: euro(i.shipping) }],
        })),
      }),
  },
};

/** A valid EAN-13 for a new demo product. */
function demoEan(n: number): string {
  const body = `87199${String(n).padStart(7, '0')}`;
  const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

const demoStores = (db: Database) =>
  db.select({ id: storesTable.id, slug: storesTable.slug, url: storesTable.url }).from(storesTable).orderBy(asc(storesTable.id));

/** The first 400 products with an EAN: what the demo feeds offer. */
const demoCatalog = (db: Database) =>
  db
    .select({ ean: productIdentifiers.value, name: products.name, brand: products.brand, lowestTotal: productPrices.lowestTotal })
    .from(productIdentifiers)
    .innerJoin(products, eq(products.id, productIdentifiers.productId))
    .innerJoin(productPrices, eq(productPrices.productId, products.id))
    .where(eq(productIdentifiers.type, 'EAN'))
    .orderBy(asc(products.id))
    .limit(400);

export async function createAndRunDemoFeeds(app: FastifyInstance): Promise<void> {
  const stores = await demoStores(app.db);
  if (stores.length === 0) return;
  const catalog = await demoCatalog(app.db);
  for (const [index, importer] of FEED_IMPORTERS.entries()) {
    const store = stores[index % stores.length]!;
    // Each feed offers a slice of the catalog at its own price level, plus two new products.
    const slice = catalog.filter((_, i) => i % FEED_IMPORTERS.length === index || i % 3 === index % 3).slice(0, 60);
    const items: DemoItem[] = slice.map((p, i) => {
      const base = p.lowestTotal ?? 1999 + ((i * 733) % 20000);
      return {
        id: `${importer}-${i + 1}`,
        ean: p.ean,
        name: p.name,
        brand: p.brand ?? 'Merkloos',
        price: Math.max(99, Math.round(base * (0.9 + ((index * 7 + i) % 20) / 100))),
        shipping: i % 3 === 0 ? 0 : 395,
        url: `${store.url.replace(/\/$/, '')}/p/${p.ean}`,
        image: '',
        category: 'Demo > Aanbiedingen',
      };
    });
    for (const n of [1, 2]) {
      const ean = demoEan(index * 10 + n);
      items.push({
        id: `${importer}-new-${n}`,
        ean,
        name: `Demo-artikel ${importer} ${n}`,
        brand: 'Koopjesland',
        price: 1495 + n * 500,
        shipping: 0,
        url: `${store.url.replace(/\/$/, '')}/p/${ean}`,
        image: '',
        category: `Demo > ${importer}`,
      });
    }
    const writer = writers[importer];
    const relative = `${store.slug}/demo-${writer.file}`;
    const file = path.join(app.config.feedStorageDir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const content = writer.write(items);
    fs.writeFileSync(file, writer.compression === 'gzip' ? zlib.gzipSync(content) : content);
    const [feed] = await app.db
      .insert(storeFeeds)
      .values({ storeId: store.id, name: `Demo ${importer}`, importer, path: relative, compression: writer.compression })
      .returning();
    const run = await createRun(app, feed!.id, 'demo');
    const result = await executeRun(app, run.id);
    app.log.info({ importer, status: result.status, offers: result.offersCreated + result.offersUpdated, reason: result.failureReason }, 'demo feed imported');
  }
  // The products the demo feeds created get a drawn image like the rest of the demo (served by /media).
  await app.db.execute(sql`
    with created as (
      insert into product_images (product_id, url, width, height, filename, is_main)
      select p.id, '/media/products/' || p.id || '-1.svg', 800, 800, p.slug || '-1.svg', true
      from products p where not exists (select 1 from product_images i where i.product_id = p.id)
      returning id, product_id, url)
    update products p set image = c.url, image_id = c.id from created c where p.id = c.product_id`);
  await registerShownImages(app.db);
}
