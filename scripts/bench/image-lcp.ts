/**
 * LCP and image bytes of a product page whose image is a store's large JPEG, before and after the
 * site served its own copies (Lighthouse's mobile preset, median of the runs):
 *
 *   npm run bench:image-lcp                      (a 2,000 × 1,500 photo-like JPEG made here)
 *   npm run bench:image-lcp -- --jpeg photo.jpg --runs 3 --port 8297
 *
 * A store host of its own (127.0.0.1, another origin) serves the photo and a one-record feed;
 * `npm start` imports the feed as a new store and copies the photo. After: the product page as
 * the site serves it (our copies with srcset; Chromium gets the AVIF ones). Before: the same page
 * through a proxy that gives the image the store's own address back (no srcset; the preload names
 * that address) and lets the CSP allow the store's host, as the storefront showed store images
 * before it made copies.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { readDemoCredentials } from '../../api/src/demo/credentials';
import { benchOption } from './cli';
import { imageCopiesDone, launchChrome, measurePage, ROOT, startAppServer, stopAppServer, type Measurement } from './lighthouse-runs';
import { median } from './statistics';
import { photoLikeJpeg } from './photo-like-jpeg';

const RUNS = Number(benchOption('runs') ?? 3);
const PORT = Number(benchOption('port') ?? 8297);
const PROXY_PORT = PORT + 1;
const JPEG = benchOption('jpeg');
const BASE_URL = `http://localhost:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), `koopjesland-image-lcp-${PORT}`);
const REPORTS_DIR = path.join(ROOT, 'scripts', 'bench', '.cache', 'image-lcp');
const PRODUCT_NAME = 'Beeldhuis koffiemolen';

/** The store's host: its photo and its feed (Awin's columns), nothing else. */
async function storeHost(photo: Buffer): Promise<{ origin: string; close(): Promise<void> }> {
  let origin = '';
  const server = http.createServer((request, response) => {
    if (request.url === '/img/molen.jpg') return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' }).end(
      [
        'merchant_product_id,product_name,search_price,currency,delivery_cost,brand_name,merchant_category,aw_deep_link,merchant_image_url',
        `BH-1,"${PRODUCT_NAME}",49.95,EUR,0.00,Beeldhuis,"Keuken > Koffie",${origin}/p/bh-1,${origin}/img/molen.jpg`,
      ].join('\n'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const response = await fetch(`${BASE_URL}/api/${path}`, {
    ...init,
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Imports the store's feed as a new store through the admin API; answers the product page's path and its photo's copy hash. */
async function importStoreFeed(storeOrigin: string): Promise<{ productPath: string; copyHash: string }> {
  const admin = readDemoCredentials(DATA_DIR)?.admin;
  if (!admin) throw new Error(`no demo credentials in ${DATA_DIR}`);
  const { token } = await call<{ token: string }>('auth/login', { method: 'POST', body: JSON.stringify(admin) });
  const store = await call<{ id: number }>('stores', { method: 'POST', token, body: JSON.stringify({ name: 'Beeldhuis', slug: 'beeldhuis', url: storeOrigin }) });
  const feed = await call<{ id: number }>(`store-feeds/store/${store.id}`, {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'awin', importer: 'awin', url: `${storeOrigin}/awin.csv`, path: 'beeldhuis/awin.csv' }),
  });
  const run = await call<{ id: number }>(`store-feeds/${feed.id}/run`, { method: 'POST', token });
  for (let status = 'queued'; status === 'queued' || status === 'running'; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = (await call<{ status: string }>(`feed-runs/${run.id}`, { token })).status;
    if (status === 'failed') throw new Error('The feed run failed');
  }
  const { products } = await call<{ products: { id: number }[] }>(`products?search=${encodeURIComponent(PRODUCT_NAME)}`);
  for (let tries = 0; tries < 240; tries++) {
    const product = await call<{ id: number; slug: string; images: { copy: { src: string } | null }[] }>(`products/${products[0]!.id}`);
    const src = product.images[0]?.copy?.src;
    if (src) return { productPath: `/product/${product.slug}/${product.id}`, copyHash: src.split('/')[3]! };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The photo was not copied within two minutes');
}

const rewriteFailures: string[] = [];

/**
 * The site as it was before its own copies: every request passes to the server unchanged, except
 * the product page, whose image names the store's address again and whose CSP allows that host.
 */
async function storeImageProxy(productPath: string, copyHash: string, storeImage: string, storeOrigin: string): Promise<{ close(): Promise<void> }> {
  const copyAddress = new RegExp(`/api/image-copies/${copyHash}/[^"\\s]+`);
  const proxy = http.createServer((request, response) => {
    const rewrite = request.method === 'GET' && request.url === productPath;
    const headers = { ...request.headers, host: `localhost:${PORT}`, ...(rewrite ? { 'accept-encoding': 'identity' } : {}) };
    const upstream = http.request({ host: '127.0.0.1', port: PORT, path: request.url, method: request.method, headers }, (answer) => {
      if (!rewrite) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      let html = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (html += chunk));
      answer.on('end', () => {
        const page = html
          .replace(new RegExp(` srcSet="[^"]*${copyHash}[^"]*"`, 'g'), '')
          .replace(new RegExp(` src="${copyAddress.source}"`, 'g'), ` src="${storeImage}"`)
          .replace(new RegExp(` imageSrcSet="[^"]*${copyHash}[^"]*" imageSizes="[^"]*"`, 'g'), ` href="${storeImage}"`);
        if (!page.includes(storeImage)) rewriteFailures.push(`${productPath} named no copy of the photo to replace`);
        const { 'content-length': _length, ...rest } = answer.headers;
        const csp = String(answer.headers['content-security-policy'] ?? '').replace("img-src 'self' data:", `img-src 'self' data: ${storeOrigin}`);
        response.writeHead(answer.statusCode ?? 502, { ...rest, 'content-security-policy': csp });
        response.end(page);
      });
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(PROXY_PORT, resolve));
  return { close: () => new Promise((resolve) => proxy.close(() => resolve())) };
}

/** Lighthouse's phone, so the server renders (and keeps) the phone's page. */
const PHONE_HEADERS = {
  'user-agent': 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  'sec-ch-ua-mobile': '?1',
};

/**
 * Asks for the page until the server answers it rendered: a first render may miss its time budget
 * (a cold process) and answer the client-rendered page, which has no image to give its address back.
 */
async function serverRenderedOnce(url: string, storeImage: string): Promise<void> {
  for (let tries = 0; tries < 20; tries++) {
    if ((await (await fetch(url, { headers: PHONE_HEADERS })).text()).includes(storeImage)) {
      rewriteFailures.length = 0;
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${url} was never answered server-rendered`);
}

async function main(): Promise<void> {
  const photo = JPEG ? fs.readFileSync(JPEG) : await photoLikeJpeg();
  const store = await storeHost(photo);
  console.log(`Starting npm start on ${BASE_URL} (demo data in ${DATA_DIR})…`);
  const server = await startAppServer(PORT, DATA_DIR, { FEED_ALLOWED_HOSTS: '127.0.0.1' });
  let proxy: { close(): Promise<void> } | null = null;
  const chrome = await launchChrome();
  try {
    const { productPath, copyHash } = await importStoreFeed(store.origin);
    await imageCopiesDone(BASE_URL);
    proxy = await storeImageProxy(productPath, copyHash, `${store.origin}/img/molen.jpg`, store.origin);
    await serverRenderedOnce(`http://localhost:${PROXY_PORT}${productPath}`, `${store.origin}/img/molen.jpg`);
    console.log(`\nproduct page ${productPath}, the store's JPEG ${(photo.length / 1024).toFixed(1)} KiB; Lighthouse mobile, median of ${RUNS}`);
    console.log(`${''.padEnd(36)}${'LCP ms'.padStart(8)}${'image KiB'.padStart(11)}${'perf'.padStart(6)}${'bench'.padStart(7)}`);
    const variants = [
      { name: "before: the store's JPEG", url: `http://localhost:${PROXY_PORT}${productPath}` },
      { name: 'after: our copies (srcset, AVIF)', url: `${BASE_URL}${productPath}` },
    ];
    for (const [index, variant] of variants.entries()) {
      const runs = await measurePage(chrome, variant.url, 'mobile', RUNS, (run) => path.join(REPORTS_DIR, `${index === 0 ? 'before' : 'after'}-${run}.json`));
      if (rewriteFailures.length > 0) throw new Error(`The "before" page was not rewritten: ${rewriteFailures[0]}`);
      const m = (key: keyof Measurement) => median(runs.map((run) => run[key]));
      console.log(
        `${variant.name.padEnd(36)}${m('lcpMs').toFixed(0).padStart(8)}${(m('imageBytes') / 1024).toFixed(1).padStart(11)}${String(m('performance')).padStart(6)}${m('benchmarkIndex').toFixed(0).padStart(7)}`,
      );
    }
  } finally {
    chrome.kill();
    await proxy?.close();
    await stopAppServer(server, DATA_DIR);
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
