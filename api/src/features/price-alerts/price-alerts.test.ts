/**
 * Wishlist price alerts end to end: real feed imports and offer edits move a product's lowest
 * total, the alert mail arrives at an SMTP server inside this test, and the one-click
 * unsubscribe works without a sign-in.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { formatMoney } from '@koopjesland/shared/format/money';
import { createFeedTestApp, EXISTING_EAN, type FeedTestContext } from '../../../test/feed-test-app';
import { createTestUser, type TestUser } from '../../../test/auth';
import { createRun, executeRun } from '../feeds/runner';

interface Mail {
  to: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
}

let t: FeedTestContext;
let server: SMTPServer;
let inbox: Mail[] = [];
let refuse = false;

/** Quoted-printable and encoded words, as nodemailer writes them. */
const decodeQp = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const decodeWords = (value: string) =>
  value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
  );

function parse(to: string, raw: string): Mail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).toLowerCase()] = decodeWords(line.slice(at + 1).trim());
  }
  // The plain-text part is the first part of the multipart/alternative body.
  const body = rest.join('\n\n');
  const plain = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(body)?.[1] ?? body;
  return { to, subject: headers.subject ?? '', headers, text: decodeQp(plain) };
}

/** An EAN-13 from its first 12 digits. */
const withCheckDigit = (digits: string) =>
  digits + ((10 - ([...digits].reduce((sum, d, i) => sum + Number(d) * (i % 2 ? 3 : 1), 0) % 10)) % 10);

const mailsTo = (email: string) => inbox.filter((mail) => mail.to === email);

const HEADER = 'id\ttitle\tlink\timage_link\tprice\tsale_price\tgtin\tbrand\tshipping\tavailability\tproduct_type';
const line = (id: string, title: string, ean: string, euros: string, shipping = '0.00') =>
  `${id}\t${title}\thttps://winkel.example/${id}\t\t${euros} EUR\t\t${ean}\tMerk\tNL:::${shipping} EUR\tin_stock\tWonen`;

/** Places the feed file and runs the feed to its end in this process, as the CLI does (alerts included). */
async function importFeed(feedId: number, path: string, lines: string[]) {
  t.place(path, [HEADER, ...lines].join('\n'));
  const run = await executeRun(t.app, (await createRun(t.app, feedId, 'cli')).id);
  expect(run.status).toBe('succeeded');
}

let feedId: number;
const FEED_PATH = 'winkel/alerts.tsv';
/** The existing product at a price of `euros` plus `shipping` (the alert looks at the total). */
const importPrice = (euros: string, shipping = '0.00') =>
  importFeed(feedId, FEED_PATH, [line('KL-1', 'Bestaand product', EXISTING_EAN, euros, shipping)]);

async function addToWishlist(user: { headers: Record<string, string> }, productId: number, maxPrice: number) {
  const res = await t.app.inject({ method: 'POST', url: '/api/wishlist', headers: user.headers, payload: { productId, maxPrice } });
  expect([200, 201]).toContain(res.statusCode);
  return res.json().wishlistItem.id as number;
}

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onRcptTo(_address, _session, callback) {
      callback(refuse ? new Error('Mailbox unavailable') : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push(parse(session.envelope.rcptTo[0]!.address, Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  t = await createFeedTestApp({ publicUrl: 'https://koopjesland.example' });
  delete process.env.SMTP_URL;
  feedId = (await t.createFeed({ name: 'alerts', importer: 'koopjesland', path: FEED_PATH })).id;
  await importPrice('30.00');
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  inbox = [];
  refuse = false;
});

describe('one user with a target on the existing product', () => {
  let user: TestUser;
  let itemId: number;

  beforeAll(async () => {
    user = await createTestUser(t.app, { email: 'koper@example.nl' });
    // The target: € 20,00 for the existing product, which costs € 30,00.
    itemId = await addToWishlist(user, t.existingProductId, 2000);
  });

  it('sends nothing while the lowest total stays above the target', async () => {
    await importPrice('22.00');
    expect(mailsTo(user.email)).toEqual([]);
  });

  it('sends exactly one mail when an import drops the total (shipping included) to the target, naming product, price, store and link', async () => {
    await importPrice('17.50', '2.50');
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Prijsalarm: Bestaand product voor ${formatMoney(2000)}`);
    expect(mail!.text).toContain(`Bestaand product kost nu ${formatMoney(2000)} bij Winkel, op of onder je richtprijs van ${formatMoney(2000)}.`);
    expect(mail!.text).toContain(`https://koopjesland.example/product/bestaand-product/${t.existingProductId}`);
    const unsubscribe = /<(https:\/\/koopjesland\.example\/api\/price-alerts\/unsubscribe\?token=[\w.-]+)>/.exec(
      mail!.headers['list-unsubscribe']!,
    )?.[1];
    expect(unsubscribe).toBeDefined();
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain(unsubscribe!);
  });

  it('sends none for a second import at the same price, nor for a further drop while still below the target', async () => {
    await importPrice('17.50', '2.50');
    await importPrice('16.00');
    expect(mailsTo(user.email)).toEqual([]);
  });

  it('sends again after the price rose above the target and reached it again', async () => {
    await importPrice('24.00');
    expect(mailsTo(user.email)).toEqual([]);
    await importPrice('19.00');
    expect(mailsTo(user.email).map((mail) => mail.subject)).toEqual([`Prijsalarm: Bestaand product voor ${formatMoney(1900)}`]);
  });

  it('re-arms on a changed target (met at once, so the mail goes at once); the same target again sends nothing', async () => {
    const changed = await t.app.inject({ method: 'PUT', url: `/api/wishlist/${itemId}`, headers: user.headers, payload: { maxPrice: 1950 } });
    expect(changed.statusCode).toBe(200);
    expect(mailsTo(user.email).map((mail) => mail.text)).toEqual([
      expect.stringContaining(`op of onder je richtprijs van ${formatMoney(1950)}`),
    ]);
    inbox = [];
    await t.app.inject({ method: 'PUT', url: `/api/wishlist/${itemId}`, headers: user.headers, payload: { maxPrice: 1950 } });
    await t.app.inject({ method: 'POST', url: '/api/wishlist', headers: user.headers, payload: { productId: t.existingProductId, maxPrice: 1950 } });
    expect(mailsTo(user.email)).toEqual([]);
  });

  it("sends when an admin's offer edit drops the price to the target", async () => {
    await importPrice('21.00');
    expect(mailsTo(user.email)).toEqual([]);
    const [offer] = await t.database.query<{ id: number }>(`select id from prices where product_id = $1 and valid_to is null`, [t.existingProductId]);
    const edit = await t.app.inject({ method: 'PUT', url: `/api/prices/${offer!.id}`, headers: t.auth, payload: { amount: 1800 } });
    expect(edit.statusCode).toBe(200);
    expect(mailsTo(user.email).map((mail) => mail.subject)).toEqual([`Prijsalarm: Bestaand product voor ${formatMoney(1800)}`]);
  });

  it('keeps an alert whose mail could not be sent and sends it on the next pass; the import itself succeeds', async () => {
    await importPrice('25.00');
    refuse = true;
    await importPrice('18.50'); // importFeed asserts the run succeeded
    expect(inbox).toEqual([]);
    const [pending] = await t.database.query<{ status: string; attempts: number }>(
      `select status, attempts from price_alerts where user_id = $1 order by id desc limit 1`,
      [user.id],
    );
    expect(pending).toEqual({ status: 'pending', attempts: 1 });
    refuse = false;
    await importPrice('18.50');
    expect(mailsTo(user.email).map((mail) => mail.subject)).toEqual([`Prijsalarm: Bestaand product voor ${formatMoney(1850)}`]);
  });

  it("re-arms when an admin changes the item's target; the next pass sends", async () => {
    const put = await t.app.inject({ method: 'PUT', url: `/api/admin/wishlists/${itemId}`, headers: t.auth, payload: { maxPrice: 1900 } });
    expect(put.statusCode).toBe(200);
    await importPrice('18.50');
    expect(mailsTo(user.email).map((mail) => mail.text)).toEqual([
      expect.stringContaining(`op of onder je richtprijs van ${formatMoney(1900)}`),
    ]);
  });

  it('stops every alert after the one-click unsubscribe (a form POST without sign-in, as a mail client sends it)', async () => {
    await importPrice('25.00');
    await importPrice('18.00');
    const [mail] = mailsTo(user.email);
    const url = new URL(/<([^>]+)>/.exec(mail!.headers['list-unsubscribe']!)![1]!);
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true });
    inbox = [];
    await importPrice('25.00');
    await importPrice('15.00');
    await t.app.inject({ method: 'PUT', url: `/api/wishlist/${itemId}`, headers: user.headers, payload: { maxPrice: 1600 } });
    expect(mailsTo(user.email)).toEqual([]);
  });
});

it('turns alerts off and on again from the wishlist page setting; on again sends the targets met now', async () => {
  const user = await createTestUser(t.app, { email: 'schakelaar@example.nl' });
  const setting = (enabled?: boolean) =>
    t.app.inject({
      method: enabled === undefined ? 'GET' : 'PUT',
      url: '/api/price-alerts/settings',
      headers: user.headers,
      ...(enabled === undefined ? {} : { payload: { enabled } }),
    });
  expect((await setting()).json()).toEqual({ enabled: true });
  expect((await setting(false)).json()).toEqual({ enabled: false });
  await addToWishlist(user, t.existingProductId, 100_000);
  expect(mailsTo(user.email)).toEqual([]);
  expect((await setting()).json()).toEqual({ enabled: false });
  expect((await setting(true)).json()).toEqual({ enabled: true });
  expect(mailsTo(user.email)).toHaveLength(1);
  expect((await t.app.inject({ method: 'GET', url: '/api/price-alerts/settings' })).statusCode).toBe(401);
});

describe('the unsubscribe link', () => {
  it('opens a confirmation page in the user\'s language without sign-in', async () => {
    const user = await createTestUser(t.app, { email: 'linkje@example.nl' });
    await addToWishlist(user, t.existingProductId, 100_000);
    const [mail] = mailsTo(user.email);
    const link = /(https:\/\/koopjesland\.example\/api\/price-alerts\/unsubscribe\?token=[\w.-]+)/.exec(mail!.text)![1]!;
    const page = await t.app.inject({ method: 'GET', url: link.replace('https://koopjesland.example', '') });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Je krijgt geen prijsalarmen van Koopjesland meer.');
    // Like every HTML answer, under the site's policy: no script, nothing framing it.
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const [row] = await t.database.query<{ unsubscribed: boolean }>(
      `select price_alerts_unsubscribed_at is not null as unsubscribed from users where id = $1`,
      [user.id],
    );
    expect(row!.unsubscribed).toBe(true);
  });

  it('refuses a token that was not signed by the server, naming the token', async () => {
    const user = await createTestUser(t.app);
    const forged = `${user.id}.${'A'.repeat(43)}`;
    const res = await t.app.inject({ method: 'POST', url: `/api/price-alerts/unsubscribe?token=${forged}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid unsubscribe link', details: expect.stringContaining('token') });
    const garbage = await t.app.inject({ method: 'GET', url: '/api/price-alerts/unsubscribe?token=nope' });
    expect(garbage.statusCode).toBe(400);
    expect(JSON.stringify(garbage.json())).toContain('token');
  });
});

it('sends at once, in English, to a user who signed up with English as the site language and set a target already met', async () => {
  const register = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'accept-language': 'en' },
    payload: { email: 'shopper@example.com', password: 'a long and unusual passphrase 42' },
  });
  expect(register.statusCode).toBe(200);
  const headers = { authorization: `Bearer ${register.json().token}` };
  const [{ total }] = (await t.database.query<{ total: number }>(`select lowest_total as total from product_prices where product_id = $1`, [
    t.existingProductId,
  ])) as [{ total: number }];
  await addToWishlist({ headers }, t.existingProductId, total + 100);
  const mails = mailsTo('shopper@example.com');
  expect(mails.map((mail) => mail.subject)).toEqual([`Price alert: Bestaand product for ${formatMoney(total)}`]);
  expect(mails[0]!.text).toContain(`Bestaand product now costs ${formatMoney(total)} at Winkel, at or below your target price of ${formatMoney(total + 100)}.`);
});

it('sends at most 10 alert mails a day to one user; the rest come in one digest', async () => {
  const user = await createTestUser(t.app, { email: 'verzamelaar@example.nl' });
  const many = await t.createFeed({ name: 'many', importer: 'koopjesland', path: 'winkel/many.tsv', allowCreateProducts: true });
  const eans = Array.from({ length: 12 }, (_, i) => withCheckDigit(`87100001${String(1000 + i)}`));
  const lines = (euros: string) => eans.map((ean, i) => line(`M-${i}`, `Product ${i + 1}`, ean, euros));
  await importFeed(many.id, 'winkel/many.tsv', lines('50.00'));
  const ids = await t.database.query<{ id: number }>(
    `select product_id as id from product_identifiers where value = any($1::text[]) order by value`,
    [eans],
  );
  expect(ids).toHaveLength(12);
  for (const { id } of ids) await addToWishlist(user, id, 4000);
  expect(mailsTo(user.email)).toEqual([]);

  await importFeed(many.id, 'winkel/many.tsv', lines('39.00'));
  const mails = mailsTo(user.email);
  expect(mails).toHaveLength(11);
  expect(mails.slice(0, 10).every((mail) => mail.subject.startsWith('Prijsalarm: Product '))).toBe(true);
  const digest = mails[10]!;
  expect(digest.subject).toBe('Prijsalarm: 2 producten op of onder je richtprijs');
  expect(digest.text).toContain(`Product 11: ${formatMoney(3900)} bij Winkel (richtprijs ${formatMoney(4000)})`);
  expect(digest.text).toContain(`Product 12: ${formatMoney(3900)} bij Winkel (richtprijs ${formatMoney(4000)})`);
  expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  // The day's mails are used up: a new alert today waits (pending) for tomorrow.
  inbox = [];
  await importFeed(many.id, 'winkel/many.tsv', lines('45.00'));
  await importFeed(many.id, 'winkel/many.tsv', lines('38.00'));
  expect(mailsTo(user.email)).toEqual([]);
  const open = await t.database.query<{ count: number }>(
    `select count(*)::int as count from price_alerts where user_id = $1 and status = 'pending'`,
    [user.id],
  );
  expect(open[0]!.count).toBe(12);
});
