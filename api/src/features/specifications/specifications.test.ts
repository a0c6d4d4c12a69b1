import { formatSpecFilters, type SpecFilter } from '@koopjesland/shared/entities';
import { eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/helpers';
import { openCatalogueTestApp, type Catalogue } from '../../../test/catalogue';
import { createTestUser, type TestUser } from '../../../test/auth';
import {
  categories,
  categoryAliasCategories,
  categoryAliases,
  prices,
  productCategories,
  productCategoryAliases,
  productProperties,
  products,
  productSpecificationValues,
} from '../../db/schema';
import { refreshPriceSummaries } from '../offers/price-summary';
import { normaliseRunProducts } from './values';
import { flushViews } from '../products/view-counter';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/sql';

let ctx: TestContext;
let data: Catalogue;
let admin: TestUser;
let tvs: { id: number; slug: string };
const tv: Record<string, number> = {};

/** Six televisions whose properties arrive under different names and in different forms, plus a seventh. */
const TELEVISIONS: { key: string; name: string; brand: string; total: number; properties: [string, string][] }[] = [
  { key: 'lg55', name: 'LG OLED55 televisie', brand: 'LG', total: 129900, properties: [['Schermdiagonaal', '55 inch'], ['Energielabel', 'F'], ['Paneeltype', 'oled'], ['HDR', 'ja'], ['Kleur', 'zwart']] },
  { key: 'sony55', name: 'Sony Bravia 55 televisie', brand: 'Sony', total: 99900, properties: [['Beeldschermgrootte', '139 cm'], ['Energieklasse', 'g'], ['Paneeltype', 'LED'], ['HDR', 'yes'], ['Kleur', 'zilver']] },
  { key: 'samsung55', name: 'Samsung QLED 55 televisie', brand: 'Samsung', total: 89900, properties: [['screen size', '55"'], ['Energielabel', 'E'], ['Paneeltype', ' QLED '], ['HDR', 'true'], ['Kleur', 'zwart']] },
  { key: 'lg65', name: 'LG OLED65 televisie', brand: 'LG', total: 199900, properties: [['Schermdiagonaal', '65 inch'], ['Energielabel', 'G'], ['Paneeltype', 'OLED'], ['HDR', 'nee']] },
  { key: 'philips43', name: 'Philips 43 televisie', brand: 'Philips', total: 39900, properties: [['Schermdiagonaal', '43"'], ['Energielabel', 'E'], ['Paneeltype', 'LED'], ['HDR', 'aanwezig'], ['Beeldverhouding', '16:9']] },
  { key: 'hisense', name: 'Hisense televisie', brand: 'Hisense', total: 29900, properties: [['Schermdiagonaal', 'groot'], ['Energielabel', 'F'], ['Beeldverhouding', '16:9']] },
  { key: 'lg48', name: 'LG OLED48 televisie', brand: 'LG', total: 109900, properties: [['Schermdiagonaal', '48 inch'], ['Energielabel', 'E'], ['Paneeltype', 'OLED'], ['HDR', 'Ja']] },
];

const fields: Record<'size' | 'energy' | 'panel' | 'hdr', number> = { size: 0, energy: 0, panel: 0, hdr: 0 };

beforeAll(async () => {
  ({ ctx, data } = await openCatalogueTestApp());
  admin = await createTestUser(ctx.app, { role: 'admin' });
  const db = ctx.app.db;
  const [category] = await db.insert(categories).values({ name: 'Televisies', slug: 'televisies' }).returning();
  tvs = category!;
  for (const [i, item] of TELEVISIONS.entries()) {
    const [row] = await db
      .insert(products)
      .values({ slug: `tv-${item.key}`, name: item.name, brand: item.brand, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
      .returning();
    tv[item.key] = row!.id;
    await db.insert(productCategories).values({ productId: row!.id, categoryId: tvs.id });
    await db.insert(productProperties).values(item.properties.map(([name, value]) => ({ productId: row!.id, name, value })));
    await db.insert(prices).values({
      productId: row!.id,
      storeId: data.stores.coolblue.id,
      amount: item.total,
      shipping: 0,
      total: item.total,
      url: `https://coolblue.example/tv/${item.key}`,
    });
  }
  await refreshPriceSummaries(db, Object.values(tv));
  // A fresh database with the test catalogue and seven products: seconds on a busy machine.
}, 60_000);
afterAll(() => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, user: TestUser | null = admin) => {
  const response = await ctx.app.inject({ method, url, payload, headers: user?.headers ?? {} });
  return { status: response.statusCode, body: response.body ? response.json() : null };
};

const spec = (filters: SpecFilter[]) => encodeURIComponent(formatSpecFilters(filters));
const names = (list: { name: string }[]) => list.map((product) => product.name).sort();

describe('specification fields in the catalog admin', () => {
  it('creates fields and reads the existing products into them: inch, cm and quotes alike, options without case, yes/no in both languages', async () => {
    const size = await call('POST', `/api/categories/${tvs.id}/specification-fields`, {
      name: 'Schermdiagonaal',
      type: 'number',
      unit: 'inch',
      propertyNames: ['Schermdiagonaal', 'screen size'],
    });
    expect(size.status).toBe(201);
    expect(size.body).toMatchObject({ categoryId: tvs.id, type: 'number', unit: 'inch', position: 0, propertyNames: ['Schermdiagonaal', 'screen size'] });
    fields.size = size.body.id;
    fields.energy = (
      await call('POST', `/api/categories/${tvs.id}/specification-fields`, {
        name: 'Energielabel',
        type: 'list',
        options: ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
        propertyNames: ['Energielabel', 'Energieklasse'],
      })
    ).body.id;
    fields.panel = (
      await call('POST', `/api/categories/${tvs.id}/specification-fields`, { name: 'Paneel', type: 'list', options: ['OLED', 'QLED', 'LED'], propertyNames: ['Paneeltype'] })
    ).body.id;
    fields.hdr = (await call('POST', `/api/categories/${tvs.id}/specification-fields`, { name: 'HDR', type: 'boolean', propertyNames: ['hdr'] })).body.id;

    const compared = await call('GET', `/api/products/compare?ids=${tv.lg55},${tv.samsung55},${tv.sony55}`);
    expect(compared.status).toBe(200);
    const valuesOf = (index: number) => compared.body.products[index].values.map((entry: { value: unknown }) => entry.value);
    expect(valuesOf(0)).toEqual([55, 'F', 'OLED', true]);
    expect(valuesOf(1)).toEqual([55, 'E', 'QLED', true]);
    // "Beeldschermgrootte" is not mapped yet; "g" is option G.
    expect(valuesOf(2)).toEqual([null, 'G', 'LED', true]);
    const lg65 = await call('GET', `/api/products/compare?ids=${tv.lg65},${tv.philips43}`);
    expect(lg65.body.products.map((p: { values: { value: unknown }[] }) => p.values.map((entry) => entry.value))).toEqual([
      [65, 'G', 'OLED', false],
      [43, 'E', 'LED', true],
    ]);
  });

  it('re-reads the products when a mapping changes: "139 cm" becomes 55 inch', async () => {
    const changed = await call('PUT', `/api/categories/${tvs.id}/specification-fields/${fields.size}`, {
      name: 'Schermdiagonaal',
      type: 'number',
      unit: 'inch',
      propertyNames: ['Schermdiagonaal', 'screen size', 'Beeldschermgrootte'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.propertyNames).toEqual(['Beeldschermgrootte', 'Schermdiagonaal', 'screen size']);
    const compared = await call('GET', `/api/products/compare?ids=${tv.sony55}`);
    expect(compared.body.products[0].values[0]).toEqual({ fieldId: fields.size, value: 55 });
    // Properties stay as they came.
    const product = await call('GET', `/api/products/${tv.sony55}`);
    expect(product.body.properties).toContainEqual(expect.objectContaining({ name: 'Beeldschermgrootte', value: '139 cm' }));
  });

  it('shows coverage, unreadable values with examples, and unmapped property names most frequent first', async () => {
    const coverage = await call('GET', `/api/categories/${tvs.id}/specification-coverage`);
    expect(coverage.status).toBe(200);
    expect(coverage.body.productCount).toBe(7);
    expect(coverage.body.fields[0]).toEqual({
      fieldId: fields.size,
      withValue: 6,
      unreadable: 1,
      examples: [{ productId: tv.hisense, productName: 'Hisense televisie', propertyName: 'Schermdiagonaal', value: 'groot' }],
    });
    expect(coverage.body.fields.map((field: { withValue: number }) => field.withValue)).toEqual([6, 7, 6, 6]);
    expect(coverage.body.suggestions).toEqual([
      { name: 'Kleur', productCount: 3, exampleValues: ['zilver', 'zwart'] },
      { name: 'Beeldverhouding', productCount: 2, exampleValues: ['16:9'] },
    ]);
  });

  it('refuses a name mapped to another field, options on a number, a list without options, naming the field', async () => {
    const url = `/api/categories/${tvs.id}/specification-fields`;
    expect(await call('POST', url, { name: 'Maat', type: 'number', unit: 'cm', propertyNames: ['schermdiagonaal'] })).toEqual({
      status: 400,
      body: { error: 'Invalid propertyNames', details: 'propertyNames: "Schermdiagonaal" is mapped to the field "Schermdiagonaal"' },
    });
    expect((await call('POST', url, { name: 'Kleur', type: 'list' })).body).toEqual({
      error: 'Invalid options',
      details: 'options: A list field needs at least one option',
    });
    expect((await call('POST', url, { name: 'Smart', type: 'boolean', unit: 'kg' })).body.error).toBe('Invalid unit');
    expect((await call('POST', url, { name: 'Gewicht', type: 'number', unit: 'stone' })).body.error).toBe('Invalid unit');
    expect((await call('POST', url, { name: '', type: 'number' })).body.error).toBe('Invalid name');
    expect((await call('PUT', `${url}/order`, { fieldIds: [fields.size] })).body).toEqual({
      error: 'Invalid fieldIds',
      details: "fieldIds: give each of the category's field ids once",
    });
    expect((await call('PUT', `${url}/999999`, { name: 'X', type: 'boolean' })).status).toBe(404);
  });

  it('is for merchandisers and admins only, checked on the server', async () => {
    const url = `/api/categories/${tvs.id}/specification-fields`;
    const body = { name: 'Smart TV', type: 'boolean', propertyNames: ['Smart TV'] };
    expect((await call('POST', url, body, null)).status).toBe(401);
    const visitor = await createTestUser(ctx.app, { role: 'user' });
    const storeManager = await createTestUser(ctx.app, { role: 'store_manager' });
    for (const user of [visitor, storeManager]) {
      expect((await call('POST', url, body, user)).status).toBe(403);
      expect((await call('GET', `/api/categories/${tvs.id}/specification-coverage`, undefined, user)).status).toBe(403);
      expect((await call('DELETE', `${url}/${fields.hdr}`, undefined, user)).status).toBe(403);
    }
    const merchandiser = await createTestUser(ctx.app, { role: 'merchandiser' });
    const created = await call('POST', url, body, merchandiser);
    expect(created.status).toBe(201);
    const order = [fields.hdr, fields.size, fields.energy, fields.panel, created.body.id];
    const reordered = await call('PUT', `${url}/order`, { fieldIds: order }, merchandiser);
    expect(reordered.body.fields.map((field: { id: number }) => field.id)).toEqual(order);
    expect((await call('DELETE', `${url}/${created.body.id}`, undefined, merchandiser)).status).toBe(204);
    await call('PUT', `${url}/order`, { fieldIds: [fields.size, fields.energy, fields.panel, fields.hdr] });
    const audit = await call('GET', '/api/admin/audit?entity=specification-field&limit=100');
    expect(audit.body.records.map((record: { action: string; userEmail: string }) => [record.action, record.userEmail])).toEqual(
      expect.arrayContaining([
        ['create', merchandiser.email],
        ['delete', merchandiser.email],
      ]),
    );
  });
});

describe('filters with counts', () => {
  it('filters a category page by two specifications and answers the counts without each own filter', async () => {
    const filters: SpecFilter[] = [
      { fieldId: fields.size, kind: 'range', min: 50, max: 60 },
      { fieldId: fields.energy, kind: 'values', values: ['E', 'F'] },
    ];
    const page = await call('GET', `/api/categories/page/televisies?spec=${spec(filters)}`);
    expect(page.status).toBe(200);
    expect(names(page.body.products)).toEqual(['LG OLED55 televisie', 'Samsung QLED 55 televisie']);
    const { body } = await call('GET', `/api/categories/televisies/specification-facets?spec=${spec(filters)}`);
    expect(body.category).toEqual({ id: tvs.id, name: 'Televisies', slug: 'televisies' });
    const [size, energy, panel, hdr] = body.facets;
    // The sizes among products of energy label E or F (the size filter left out): the Philips' 43 too.
    expect(size).toEqual({ fieldId: fields.size, name: 'Schermdiagonaal', position: 0, type: 'number', unit: 'inch', min: 43, max: 55, selected: { min: 50, max: 60 } });
    // The labels among 50–60 inch: the Sony's G is offered too.
    expect(energy.options).toEqual([
      { value: 'E', count: 1, selected: true },
      { value: 'F', count: 1, selected: true },
      { value: 'G', count: 1, selected: false },
    ]);
    expect(panel.options).toEqual([
      { value: 'OLED', count: 1, selected: false },
      { value: 'QLED', count: 1, selected: false },
    ]);
    expect(hdr.options).toEqual([{ value: 'yes', count: 2, selected: false }]);
  });

  it('combines three specification filters with a brand', async () => {
    const filters: SpecFilter[] = [
      { fieldId: fields.size, kind: 'range', min: 45, max: 60 },
      { fieldId: fields.panel, kind: 'values', values: ['OLED'] },
      { fieldId: fields.hdr, kind: 'values', values: ['yes'] },
    ];
    const query = `spec=${spec(filters)}&brand=LG`;
    const page = await call('GET', `/api/categories/page/televisies?${query}`);
    expect(names(page.body.products)).toEqual(['LG OLED48 televisie', 'LG OLED55 televisie']);
    expect(page.body.pagination.totalItems).toBe(2);
    const [size, energy, panel, hdr] = (await call('GET', `/api/categories/televisies/specification-facets?${query}`)).body.facets;
    expect(size).toMatchObject({ min: 48, max: 55 });
    expect(energy.options).toEqual([
      { value: 'E', count: 1, selected: false },
      { value: 'F', count: 1, selected: false },
    ]);
    expect(panel.options).toEqual([{ value: 'OLED', count: 2, selected: true }]);
    // The LG OLED65 says no to HDR but is outside 45–60 inch: "no" has no products and is hidden.
    expect(hdr.options).toEqual([{ value: 'yes', count: 2, selected: true }]);
    const list = await call('GET', `/api/products?category=televisies&${query}`);
    expect(names(list.body.products)).toEqual(['LG OLED48 televisie', 'LG OLED55 televisie']);
    const brands = await call('GET', `/api/products/filtered-brands?category=televisies&spec=${spec(filters)}`);
    expect(brands.body.brands).toEqual(['LG']);
  });

  it("gives a search the facets of the category most of its matches are in", async () => {
    const { body } = await call('GET', '/api/products/specification-facets?search=televisie');
    expect(body.category).toMatchObject({ slug: 'televisies' });
    expect(body.facets.map((facet: { name: string }) => facet.name)).toEqual(['Schermdiagonaal', 'Energielabel', 'Paneel', 'HDR']);
    const none = await call('GET', '/api/products/specification-facets?search=koffiezetapparaat');
    expect(none.body).toEqual({ category: null, facets: [], spec: '' });
  });

  it.each([
    ['x:1~2', 'spec: "x" is not a field id'],
    ['FIELD:60~40', 'spec: field FIELD: min must not exceed max'],
    ['FIELD:~', 'spec: field FIELD: give a min or a max'],
    ['FIELD:a%00', 'query.spec: must not contain NUL characters'],
    ['FIELD:a%01', 'spec: control characters are not allowed'],
    ['ENERGY:1~2', 'spec: field ENERGY ("Energielabel") is not a number; choose options'],
    ['ENERGY:Z', 'spec: field ENERGY ("Energielabel") has no option "Z"'],
    ['HDR:misschien', 'spec: field HDR ("HDR") is yes or no, not "misschien"'],
    ['FIELD:55', 'spec: field FIELD ("Schermdiagonaal") is a number; give <min>~<max>'],
  ])('answers 400 naming spec for %j', async (raw, details) => {
    const text = raw.replace('FIELD', String(fields.size)).replace('ENERGY', String(fields.energy)).replace('HDR', String(fields.hdr));
    const expected = details.replace('FIELD', String(fields.size)).replace('ENERGY', String(fields.energy)).replace('HDR', String(fields.hdr));
    const value = text.replace('%00', '\u0000').replace('%01', '\u0001');
    for (const url of ['/api/categories/page/televisies', '/api/categories/televisies/specification-facets', '/api/products'])
      expect(await call('GET', `${url}?${url === '/api/products' ? 'category=televisies&' : ''}spec=${encodeURIComponent(value)}`)).toEqual({
        status: 400,
        body: { error: 'Invalid spec', details: expected },
      });
  });

  it("leaves out a deleted field and another category's field, as a shared address still names them, and says what it applied", async () => {
    const created = await call('POST', `/api/categories/${tvs.id}/specification-fields`, { name: 'Gewicht', type: 'number', unit: 'kg', propertyNames: ['Gewicht'] });
    expect((await call('DELETE', `/api/categories/${tvs.id}/specification-fields/${created.body.id}`)).status).toBe(204);
    const [washers] = await ctx.app.db.insert(categories).values({ name: 'Wasmachines', slug: 'wasmachines-spec' }).returning();
    const washerField = await call('POST', `/api/categories/${washers!.id}/specification-fields`, { name: 'Vulgewicht', type: 'number', unit: 'kg', propertyNames: ['Vulgewicht'] });
    const kept: SpecFilter = { fieldId: fields.energy, kind: 'values', values: ['E'] };
    const stale = spec([
      { fieldId: created.body.id, kind: 'range', min: 1, max: 20 },
      { fieldId: washerField.body.id, kind: 'range', min: 7 },
      kept,
    ]);
    const page = await call('GET', `/api/categories/page/televisies?spec=${stale}`, undefined, null);
    expect(page.status).toBe(200);
    expect(names(page.body.products)).toEqual(['LG OLED48 televisie', 'Philips 43 televisie', 'Samsung QLED 55 televisie']);
    expect(page.body.spec).toBe(formatSpecFilters([kept]));
    const facets = await call('GET', `/api/categories/televisies/specification-facets?spec=${stale}`, undefined, null);
    expect(facets.status).toBe(200);
    expect(facets.body.spec).toBe(formatSpecFilters([kept]));
    expect(facets.body.facets.map((facet: { fieldId: number }) => facet.fieldId)).toEqual([fields.size, fields.energy, fields.panel, fields.hdr]);
    expect(facets.body.facets[1].options.filter((option: { selected: boolean }) => option.selected)).toEqual([{ value: 'E', count: 3, selected: true }]);
    const search = await call('GET', `/api/products/specification-facets?search=televisie&category=televisies&spec=${stale}`, undefined, null);
    expect({ status: search.status, spec: search.body.spec }).toEqual({ status: 200, spec: formatSpecFilters([kept]) });
    const list = await call('GET', `/api/products?category=televisies&spec=${stale}`, undefined, null);
    expect(names(list.body.products)).toEqual(['LG OLED48 televisie', 'Philips 43 televisie', 'Samsung QLED 55 televisie']);
    // Only stale fields: the whole category, nothing applied.
    const only = await call('GET', `/api/categories/page/televisies?spec=${spec([{ fieldId: created.body.id, kind: 'values', values: ['x'] }])}`, undefined, null);
    expect({ status: only.status, count: only.body.pagination.totalItems, spec: only.body.spec }).toEqual({ status: 200, count: 7, spec: '' });
    // A malformed value of a field that exists is still refused, naming spec.
    const malformed = await call('GET', `/api/categories/page/televisies?spec=${encodeURIComponent(`${created.body.id}:1~2,${fields.size}:abc~`)}`, undefined, null);
    expect(malformed).toEqual({ status: 400, body: { error: 'Invalid spec', details: `spec: field ${fields.size}: min and max must be numbers` } });
    await call('DELETE', `/api/categories/${washers!.id}/specification-fields/${washerField.body.id}`);
  });

  it("follows a field's new options at once on the category page and its facets", async () => {
    const query = `spec=${spec([{ fieldId: fields.panel, kind: 'values', values: ['QD-OLED'] }])}`;
    const refused = await call('GET', `/api/categories/page/televisies?${query}`);
    expect(refused.body).toEqual({ error: 'Invalid spec', details: `spec: field ${fields.panel} ("Paneel") has no option "QD-OLED"` });
    const field = { name: 'Paneel', type: 'list', propertyNames: ['Paneeltype'] };
    const url = `/api/categories/${tvs.id}/specification-fields/${fields.panel}`;
    expect((await call('PUT', url, { ...field, options: ['OLED', 'QLED', 'LED', 'QD-OLED'] })).status).toBe(200);
    const page = await call('GET', `/api/categories/page/televisies?${query}`);
    expect(page.status).toBe(200);
    expect(page.body.products).toEqual([]);
    const facets = await call('GET', `/api/categories/televisies/specification-facets?${query}`);
    expect(facets.body.facets[2].options).toContainEqual({ value: 'QD-OLED', count: 0, selected: true });
    expect((await call('PUT', url, { ...field, options: ['OLED', 'QLED', 'LED'] })).status).toBe(200);
    expect((await call('GET', `/api/categories/televisies/specification-facets?${query}`)).status).toBe(400);
  });

  it("follows a product's changed value and categories at once on a filtered page and its facets", async () => {
    const philips = TELEVISIONS.find((item) => item.key === 'philips43')!;
    const propertiesWith = (label: string) =>
      philips.properties.map(([name, value]) => ({ name, value: name === 'Energielabel' ? label : value }));
    const query = `spec=${spec([{ fieldId: fields.energy, kind: 'values', values: ['G'] }])}`;
    const seen = async (extra = '') => {
      const page = await call('GET', `/api/categories/page/televisies?${query}${extra}`, undefined, null);
      const facets = await call('GET', `/api/categories/televisies/specification-facets?${query}${extra}`, undefined, null);
      const size = facets.body.facets[0];
      return { names: names(page.body.products), total: page.body.pagination.totalItems, size: [size.min, size.max] };
    };
    expect(await seen()).toEqual({ names: ['LG OLED65 televisie', 'Sony Bravia 55 televisie'], total: 2, size: [55, 65] });
    // A mapping change re-reads the values: without "Energieklasse" the Sony has no label.
    const energy = { name: 'Energielabel', type: 'list', options: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] };
    const energyUrl = `/api/categories/${tvs.id}/specification-fields/${fields.energy}`;
    expect((await call('PUT', energyUrl, { ...energy, propertyNames: ['Energielabel'] })).status).toBe(200);
    expect(await seen()).toEqual({ names: ['LG OLED65 televisie'], total: 1, size: [65, 65] });
    expect((await call('PUT', energyUrl, { ...energy, propertyNames: ['Energielabel', 'Energieklasse'] })).status).toBe(200);
    expect(await seen()).toEqual({ names: ['LG OLED65 televisie', 'Sony Bravia 55 televisie'], total: 2, size: [55, 65] });
    expect((await call('PUT', `/api/products/${tv.philips43}`, { properties: propertiesWith('g') })).status).toBe(200);
    expect(await seen()).toEqual({
      names: ['LG OLED65 televisie', 'Philips 43 televisie', 'Sony Bravia 55 televisie'],
      total: 3,
      size: [43, 65],
    });
    // The other filters apply with it: a store, a lowest price, a brand.
    expect(await seen(`&storeId=${data.stores.coolblue.id}&minPrice=30000`)).toEqual({
      names: ['LG OLED65 televisie', 'Philips 43 televisie', 'Sony Bravia 55 televisie'],
      total: 3,
      size: [43, 65],
    });
    expect(await seen('&minPrice=40000')).toEqual({ names: ['LG OLED65 televisie', 'Sony Bravia 55 televisie'], total: 2, size: [55, 65] });
    expect(await seen(`&storeId=${data.stores.bol.id}`)).toEqual({ names: [], total: 0, size: [null, null] });
    expect(await seen('&brand=Philips')).toEqual({ names: ['Philips 43 televisie'], total: 1, size: [43, 43] });
    expect((await call('DELETE', '/api/categories/televisies/products', { productIds: [tv.philips43] })).status).toBe(200);
    expect(await seen()).toEqual({ names: ['LG OLED65 televisie', 'Sony Bravia 55 televisie'], total: 2, size: [55, 65] });
    expect((await call('POST', '/api/categories/televisies/products', { productIds: [tv.philips43] })).status).toBe(200);
    expect((await call('PUT', `/api/products/${tv.philips43}`, { properties: propertiesWith('E') })).status).toBe(200);
    expect(await seen()).toEqual({ names: ['LG OLED65 televisie', 'Sony Bravia 55 televisie'], total: 2, size: [55, 65] });
  });

  it("follows a product's changed value at once on a search with a specification filter", async () => {
    const philips = TELEVISIONS.find((item) => item.key === 'philips43')!;
    const propertiesWith = (label: string) =>
      philips.properties.map(([name, value]) => ({ name, value: name === 'Energielabel' ? label : value }));
    const query = `search=televisie&category=televisies&spec=${spec([{ fieldId: fields.energy, kind: 'values', values: ['G'] }])}`;
    const found = async () => names((await call('GET', `/api/products?${query}`, undefined, null)).body.products).sort();
    expect(await found()).toEqual(['LG OLED65 televisie', 'Sony Bravia 55 televisie']);
    expect((await call('PUT', `/api/products/${tv.philips43}`, { properties: propertiesWith('G') })).status).toBe(200);
    expect(await found()).toEqual(['LG OLED65 televisie', 'Philips 43 televisie', 'Sony Bravia 55 televisie']);
    expect((await call('PUT', `/api/products/${tv.philips43}`, { properties: propertiesWith('E') })).status).toBe(200);
    expect(await found()).toEqual(['LG OLED65 televisie', 'Sony Bravia 55 televisie']);
  });

  it('orders a category page, filtered or not, as the database orders its products, nulls last', async () => {
    const db = ctx.app.db;
    // No offers (no lowest price) and a lower-case name: both must fall where PostgreSQL puts them.
    const [extra] = await db.insert(products).values({ slug: 'tv-zonder-aanbod', name: 'aardige televisie', brand: 'LG' }).returning();
    await db.insert(productCategories).values({ productId: extra!.id, categoryId: tvs.id });
    // View counts with ties (broken by id) and without. Views counted by earlier product pages are
    // written first: a flush landing between the two orderings below would move a product.
    await flushViews(db);
    await db.execute(sql`update products set views = id % 3 where id in (select product_id from product_categories where category_id = ${tvs.id})`);
    const sorts: [string, string][] = [
      ['lowestPrice.total', 'pp.lowest_total'],
      ['name', 'lower(p.name)'],
      ['createdAt', 'p.created_at'],
      ['percentageChange', 'pp.percentage_change'],
      ['priceChange', 'pp.price_change'],
      ['views', 'p.views'],
      ['offerCount', 'pp.offer_count'],
    ];
    for (const [sortBy, column] of sorts)
      for (const order of ['asc', 'desc']) {
        const rows = await selectRows<{ name: string; brand: string }>(
          db,
          sql`select p.name, p.brand from products p join product_prices pp on pp.product_id = p.id
                join product_categories pc on pc.product_id = p.id and pc.category_id = ${tvs.id}
              order by ${sql.raw(column)} ${sql.raw(order)} nulls last, p.id ${sql.raw(order)}`,
        );
        const listed = async (extraQuery: string) =>
          (await call('GET', `/api/categories/page/televisies?sortBy=${sortBy}&sortOrder=${order}&limit=100${extraQuery}`, undefined, null)).body.products.map(
            (product: { name: string }) => product.name,
          );
        expect({ sortBy, order, names: await listed('') }).toEqual({ sortBy, order, names: rows.map((row) => row.name) });
        expect({ sortBy, order, names: await listed('&brand=LG') }).toEqual({
          sortBy,
          order,
          names: rows.filter((row) => row.brand === 'LG').map((row) => row.name),
        });
      }
    await db.delete(products).where(eq(products.id, extra!.id));
  });
});

describe('GET /api/products/compare', () => {
  it('answers products of one category side by side with lowest price, store and click-out target', async () => {
    const { status, body } = await call('GET', `/api/products/compare?ids=${tv.lg55},${tv.philips43},${tv.hisense}`, undefined, null);
    expect(status).toBe(200);
    expect(body.category).toEqual({ id: tvs.id, name: 'Televisies', slug: 'televisies' });
    expect(body.fields.map((field: { name: string }) => field.name)).toEqual(['Schermdiagonaal', 'Energielabel', 'Paneel', 'HDR']);
    expect(body.products.map((product: { name: string }) => product.name)).toEqual(['LG OLED55 televisie', 'Philips 43 televisie', 'Hisense televisie']);
    expect(body.products[0]).toMatchObject({
      id: tv.lg55,
      slug: 'tv-lg55',
      brand: 'LG',
      lowestPrice: { total: 129900, url: 'https://coolblue.example/tv/lg55', store: { id: data.stores.coolblue.id, name: 'Coolblue' } },
    });
    // The Hisense's "groot" cannot be read: no value, not a wrong one.
    expect(body.products[2].values.map((entry: { value: unknown }) => entry.value)).toEqual([null, 'F', null, null]);
  });

  it.each([
    ['five products', () => [tv.lg55, tv.lg65, tv.lg48, tv.sony55, tv.samsung55].join(','), 'ids: at most 4 products'],
    ['an unknown product', () => `${tv.lg55},999999`, 'ids: unknown product 999999'],
    ['products of different categories', () => `${tv.lg55},${data.products.bosch.id}`, 'ids: the products are not of one category with specification fields'],
    ['no list', () => 'abc', 'ids: Expected a comma-separated list of product ids'],
  ])('answers 400 naming ids for %s', async (_, ids, details) => {
    expect(await call('GET', `/api/products/compare?ids=${ids()}`)).toEqual({ status: 400, body: { error: 'Invalid ids', details } });
  });
});

describe('normalising when properties arrive', () => {
  it("re-reads a product's values when its properties are saved in the catalog admin", async () => {
    const saved = await call('PUT', `/api/products/${tv.hisense}`, {
      properties: [
        { name: 'Schermdiagonaal', value: '1.651 mm' },
        { name: 'Energielabel', value: 'e' },
        { name: 'HDR', value: 'nee' },
      ],
    });
    expect(saved.status).toBe(200);
    const compared = await call('GET', `/api/products/compare?ids=${tv.hisense}`);
    expect(compared.body.products[0].values.map((entry: { value: unknown }) => entry.value)).toEqual([65, 'E', null, false]);
  });

  it('reads the products a feed run created or first put in the category', async () => {
    const db = ctx.app.db;
    const [row] = await db.insert(products).values({ slug: 'tv-tcl', name: 'TCL televisie', brand: 'TCL' }).returning();
    await db.insert(productCategories).values({ productId: row!.id, categoryId: tvs.id });
    await db.insert(productProperties).values([{ productId: row!.id, name: 'screen size', value: '50"' }]);
    await db.transaction((tx) => normaliseRunProducts(tx, sql`select ${row!.id}::int`));
    const [value] = await db.select().from(productSpecificationValues).where(eq(productSpecificationValues.productId, row!.id));
    expect(value).toMatchObject({ fieldId: fields.size, numberValue: 50, propertyName: 'screen size', rawValue: '50"' });
  });
});

describe('search knows specifications', () => {
  it('ranks products whose values hold "55 inch" and "oled" above those that only mention the words', async () => {
    const db = ctx.app.db;
    // Mentions every word in its text, but is a 65 inch set.
    const [mention] = await db
      .insert(products)
      .values({ slug: 'tv-mention', name: 'Panasonic 65 inch televisie', brand: 'Panasonic', description: 'Beter dan een 55 inch oled' })
      .returning();
    await db.insert(productCategories).values({ productId: mention!.id, categoryId: tvs.id });
    await db.insert(productProperties).values([{ productId: mention!.id, name: 'Schermdiagonaal', value: '65 inch' }]);
    await db.transaction((tx) => normaliseRunProducts(tx, sql`select ${mention!.id}::int`));
    const { body } = await call('GET', `/api/products?search=${encodeURIComponent('55 inch oled')}&limit=10`, undefined, null);
    expect(body.products.map((product: { name: string }) => product.name)).toEqual(['LG OLED55 televisie', 'Panasonic 65 inch televisie']);
    const cm = await call('GET', `/api/products?search=${encodeURIComponent('televisie 139 cm')}&limit=10`, undefined, null);
    expect(names(cm.body.products)).toEqual(['LG OLED55 televisie', 'Samsung QLED 55 televisie', 'Sony Bravia 55 televisie']);
  });
});

describe("values follow the product's categories, by every path that changes them", () => {
  let monitors: { id: number; slug: string };
  let monitorSize = 0;
  let product = 0;
  const valuesOf = async (productId: number) =>
    (
      await ctx.app.db
        .select({ fieldId: productSpecificationValues.fieldId, numberValue: productSpecificationValues.numberValue })
        .from(productSpecificationValues)
        .where(eq(productSpecificationValues.productId, productId))
    ).sort((a, b) => a.fieldId - b.fieldId);
  const inMonitors = async (productId: number) =>
    (await valuesOf(productId)).filter((value) => value.fieldId === monitorSize).map((value) => value.numberValue);
  const monitorFacetCount = async () => {
    const { body } = await call('GET', `/api/categories/${monitors.slug}/specification-facets`, undefined, null);
    return { min: body.facets[0].min, max: body.facets[0].max };
  };

  beforeAll(async () => {
    const db = ctx.app.db;
    const [created] = await db.insert(categories).values({ name: 'Monitoren', slug: 'monitoren' }).returning();
    monitors = created!;
    monitorSize = (
      await call('POST', `/api/categories/${monitors.id}/specification-fields`, { name: 'Beeldgrootte', type: 'number', unit: 'inch', propertyNames: ['Schermdiagonaal'] })
    ).body.id;
    const [row] = await db.insert(products).values({ slug: 'scherm-27', name: 'Scherm 27', brand: 'Dell' }).returning();
    product = row!.id;
    await db.insert(productProperties).values([{ productId: product, name: 'Schermdiagonaal', value: '27 inch' }]);
  });

  it('a category page adding and removing products (catalog admin)', async () => {
    expect((await call('POST', `/api/categories/${monitors.slug}/products`, { productIds: [product, tv.lg48] })).status).toBe(200);
    expect(await inMonitors(product)).toEqual([27]);
    expect(await inMonitors(tv.lg48!)).toEqual([48]);
    expect(await monitorFacetCount()).toEqual({ min: 27, max: 48 });
    expect((await call('DELETE', `/api/categories/${monitors.slug}/products`, { productIds: [tv.lg48] })).status).toBe(200);
    expect(await inMonitors(tv.lg48!)).toEqual([]);
    // Its television values stay: it left only the monitors.
    expect((await valuesOf(tv.lg48!)).map((value) => value.fieldId)).toEqual([fields.size, fields.energy, fields.panel, fields.hdr].sort((a, b) => a - b));
    expect((await call('DELETE', `/api/categories/${monitors.slug}/products/all`)).status).toBe(200);
    expect(await inMonitors(product)).toEqual([]);
  });

  it('bulk assignment to categories and disconnecting from all of them', async () => {
    expect((await call('POST', '/api/products/categories', { productIds: [product], categoryIds: [monitors.id] })).body).toMatchObject({ addedCount: 1 });
    expect(await inMonitors(product)).toEqual([27]);
    expect((await call('DELETE', '/api/products/categories', { productIds: [product] })).status).toBe(200);
    expect(await valuesOf(product)).toEqual([]);
    const all = await call('POST', '/api/products/categories/all-matching', { filters: { brand: 'Dell' }, categoryIds: [monitors.id] });
    expect(all.body).toMatchObject({ addedCount: 1 });
    expect(await inMonitors(product)).toEqual([27]);
    expect((await call('DELETE', '/api/products/categories/all-matching', { filters: { brand: 'Dell' } })).status).toBe(200);
    expect(await valuesOf(product)).toEqual([]);
  });

  it('a category alias mapped onto the category and unmapped again, one by one and in bulk', async () => {
    const db = ctx.app.db;
    const [alias] = await db.insert(categoryAliases).values({ path: 'Beeldschermen > Monitoren' }).returning();
    await db.insert(productCategoryAliases).values({ productId: product, aliasId: alias!.id });
    expect((await call('PUT', `/api/category-aliases/${alias!.id}/connect`, { categoryId: monitors.id })).status).toBe(200);
    expect(await inMonitors(product)).toEqual([27]);
    expect((await call('DELETE', `/api/category-aliases/${alias!.id}/disconnect`, { categoryId: monitors.id })).status).toBe(200);
    expect(await inMonitors(product)).toEqual([]);
    const bulk = await call('POST', '/api/category-aliases/bulk/update', { assignments: [{ aliasId: alias!.id, categoryId: monitors.id }] });
    expect(bulk.body.summary).toEqual({ successful: 1, failed: 0 });
    expect(await inMonitors(product)).toEqual([27]);
    await call('DELETE', `/api/category-aliases/${alias!.id}/disconnect`, { categoryId: monitors.id });
    await db.delete(categoryAliases).where(eq(categoryAliases.id, alias!.id));
  });

  it('a merge gives the kept product the other one’s categories and values; splitting it takes them back', async () => {
    const db = ctx.app.db;
    await call('POST', `/api/categories/${monitors.slug}/products`, { productIds: [product] });
    const [kept] = await db.insert(products).values({ slug: 'scherm-27-dubbel', name: 'Scherm 27 (dubbel)', brand: 'Dell' }).returning();
    const merged = await call('POST', `/api/admin/products/${kept!.id}/merge`, { sourceProductId: product });
    expect(merged.status).toBe(200);
    expect(await inMonitors(kept!.id)).toEqual([27]);
    const split = await call('POST', `/api/admin/product-merges/${merged.body.merge.id}/split`);
    expect(split.status).toBe(200);
    expect(await inMonitors(kept!.id)).toEqual([]);
    expect(await inMonitors(product)).toEqual([27]);
    await call('DELETE', `/api/categories/${monitors.slug}/products`, { productIds: [product] });
  });

  it('a held price split into its own product, in the category its record’s path maps to', async () => {
    const db = ctx.app.db;
    const [alias] = await db.insert(categoryAliases).values({ path: 'Computers > Monitoren' }).returning();
    await db.insert(categoryAliasCategories).values({ aliasId: alias!.id, categoryId: monitors.id });
    const [offer] = await db
      .insert(prices)
      .values({
        productId: product,
        storeId: data.stores.coolblue.id,
        externalId: 'MON-34',
        amount: 100,
        shipping: 0,
        total: 100,
        url: 'https://coolblue.example/monitor/34',
        hiddenReason: 'implausible',
        heldRecord: {
          name: 'Breed scherm 34',
          brand: 'LG',
          description: null,
          gtin: null,
          images: null,
          categoryPath: 'Computers > Monitoren',
          properties: [{ name: 'Schermdiagonaal', value: '34"' }],
        },
      })
      .returning();
    const split = await call('POST', `/api/held-prices/${offer!.id}/split`);
    expect(split.status).toBe(200);
    const [created] = await db.select({ id: products.id }).from(products).where(eq(products.name, 'Breed scherm 34'));
    expect(await inMonitors(created!.id)).toEqual([34]);
  });
});
