import { createTestApp, type TestContext } from '../../../test/helpers';
import { createTestUser, type TestUser } from '../../../test/auth';
import { categories } from '../../db/schema';
import { normalizeDomain } from './domains';

let ctx: TestContext;
let admin: TestUser;
let visitor: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestUser(ctx.app, { role: 'admin' });
  visitor = await createTestUser(ctx.app);
});
afterAll(() => ctx.close());

const valid = {
  title: 'Koopjesland',
  name: 'Koopjesland NL',
  description: 'De beste prijsdalingen',
  domainNames: ['Koopjesland.nl', '', 'www.koopjesland.nl'],
  twitterCard: 'summary_large_image',
  logo: 'https://koopjesland.example/logo.svg',
};

const create = (payload: object, headers = admin.headers) =>
  ctx.app.inject({ method: 'POST', url: '/api/site-configuration', headers, payload });

describe('site configuration', () => {
  it('creates one (dropping empty domains) and finds it by domain, case-insensitively and ignoring the port', async () => {
    const [electronics] = await ctx.app.db.insert(categories).values({ name: 'Elektronica', slug: 'elektronica' }).returning();
    const res = await create({ ...valid, rootCategoryId: electronics!.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      domainNames: ['koopjesland.nl', 'www.koopjesland.nl'],
      rootCategory: { name: 'Elektronica' },
      keywords: null,
      twitterCard: 'summary_large_image',
    });
    const found = await ctx.app.inject({ method: 'GET', url: '/api/site-configuration?domain=WWW.Koopjesland.NL:8080' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: res.json().id, title: 'Koopjesland' });
  });

  it('answers 404 for an unknown domain and an unknown id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/site-configuration?domain=onbekend.nl' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Site configuration not found for this domain' });
    const byId = await ctx.app.inject({ method: 'GET', url: '/api/site-configuration/99999' });
    expect(byId.json()).toEqual({ error: 'Site configuration not found' });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/site-configuration' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Invalid domain');
  });

  it('validates required texts, domains, twitter card and URLs', async () => {
    const noDomain = await create({ ...valid, domainNames: ['', '  '] });
    expect(noDomain.statusCode).toBe(400);
    expect(noDomain.json().error).toBe('Invalid domainNames');
    expect(noDomain.json().details).toContain('At least one domain name is required');
    const noTitle = await create({ ...valid, title: '  ' });
    expect(noTitle.json()).toMatchObject({ error: 'Invalid title' });
    expect(noTitle.json().details).toContain('Title is required');
    expect((await create({ ...valid, twitterCard: 'big' })).json().error).toBe('Invalid twitterCard');
    expect((await create({ ...valid, ogImage: 'geen url' })).json().error).toBe('Invalid ogImage');
    expect((await create({ ...valid, rootCategoryId: 424242 })).json().error).toBe('Invalid rootCategoryId');
  });

  it('updates, lists and deletes, for admins only', async () => {
    const id = (await create({ ...valid, domainNames: ['tweede.nl'] })).json().id;
    expect((await create(valid, visitor.headers)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/site-configuration/all' })).statusCode).toBe(401);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/site-configuration/${id}`,
      headers: admin.headers,
      payload: { ...valid, domainNames: ['tweede.nl'], title: 'Tweede', keywords: 'koopjes, aanbiedingen' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ title: 'Tweede', keywords: 'koopjes, aanbiedingen', rootCategory: null });

    const all = await ctx.app.inject({ method: 'GET', url: '/api/site-configuration/all', headers: admin.headers });
    expect(all.json().map((c: { title: string }) => c.title)).toContain('Tweede');

    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/site-configuration/${id}`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/site-configuration/${id}`, headers: admin.headers });
    expect(again.json()).toEqual({ error: 'Site configuration not found' });
  });
});

describe('validation texts (spec §5, §8)', () => {
  it('requires at least one domain name, also when the list is missing', async () => {
    for (const domainNames of [undefined, [], ['', ' ']]) {
      const res = await create({ ...valid, domainNames });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Invalid domainNames', details: expect.stringContaining('At least one domain name is required') });
    }
  });

  it('names each missing required text', async () => {
    for (const [field, text] of [
      ['title', 'Title is required'],
      ['name', 'Name is required'],
      ['description', 'Description is required'],
    ] as const) {
      const res = await create({ ...valid, [field]: undefined });
      expect(res.json()).toMatchObject({ error: `Invalid ${field}`, details: expect.stringContaining(text) });
    }
  });

  it('accepts each twitter card option of the spec, and an empty one as none', async () => {
    for (const twitterCard of ['summary', 'summary_large_image', 'app', 'player']) {
      const res = await create({ ...valid, domainNames: [`${twitterCard}.example`], twitterCard });
      expect({ twitterCard, status: res.statusCode }).toEqual({ twitterCard, status: 201 });
    }
    expect((await create({ ...valid, domainNames: ['leeg.example'], twitterCard: '' })).json().twitterCard).toBeNull();
  });

  it("answers 'Site configuration not found' for a change or removal of an unknown id", async () => {
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/site-configuration/99999', headers: admin.headers, payload: valid });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ error: 'Site configuration not found' });
    const del = await ctx.app.inject({ method: 'DELETE', url: '/api/site-configuration/99999', headers: admin.headers });
    expect(del.json()).toEqual({ error: 'Site configuration not found' });
  });
});

describe('normalizeDomain', () => {
  it.each([
    ['Koopjesland.NL:8080', 'koopjesland.nl'],
    ['https://www.koopjesland.nl/pad?x=1', 'www.koopjesland.nl'],
    ['127.0.0.1:8080', '127.0.0.1'],
    ['[::1]:8080', '::1'],
    ['localhost', 'localhost'],
  ])('%s → %s', (input, expected) => expect(normalizeDomain(input)).toBe(expected));
});
