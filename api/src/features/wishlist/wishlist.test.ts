import type { TestContext } from '../../../test/helpers';
import { openCatalogueTestApp, type Catalogue } from '../../../test/catalogue';
import { createTestUser } from '../../../test/auth';

let ctx: TestContext;
let data: Catalogue;

beforeAll(async () => ({ ctx, data } = await openCatalogueTestApp()));
afterAll(() => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) => {
  const response = await ctx.app.inject({ method, url, payload, headers });
  return { status: response.statusCode, body: response.json() };
};

describe('wishlist', () => {
  it('needs a signed-in user', async () => {
    expect((await call('GET', '/api/wishlist', {})).status).toBe(401);
    expect((await call('POST', '/api/wishlist', {}, { productId: data.products.bosch.id, maxPrice: 50000 })).status).toBe(401);
  });

  it('adds, checks, lists, updates and removes items', async () => {
    const { headers } = await createTestUser(ctx.app, { email: 'anna@example.nl' });
    const added = await call('POST', '/api/wishlist', headers, { productId: data.products.bosch.id, maxPrice: 47550 });
    expect(added.status).toBe(201);
    const itemId = added.body.wishlistItem.id;
    expect(added.body).toEqual({ wishlistItem: { id: expect.any(Number), maxPrice: 47550 } });

    const again = await call('POST', '/api/wishlist', headers, { productId: data.products.bosch.id, maxPrice: 45000 });
    expect(again).toEqual({ status: 200, body: { wishlistItem: { id: itemId, maxPrice: 45000 } } });

    expect((await call('GET', `/api/wishlist/check/${data.products.bosch.id}`, headers)).body).toEqual({
      isWishlisted: true,
      wishlistItemId: itemId,
      maxPrice: 45000,
    });
    expect((await call('GET', `/api/wishlist/check/${data.products.miele.id}`, headers)).body).toEqual({
      isWishlisted: false,
      wishlistItemId: null,
      maxPrice: null,
    });
    const product = await call('GET', `/api/products/${data.products.bosch.id}`, headers);
    expect(product.body).toMatchObject({ isWishlisted: true, wishlistItem: { id: itemId, maxPrice: 45000 } });

    await call('POST', '/api/wishlist', headers, { productId: data.products.miele.id, maxPrice: 80000 });
    const list = await call('GET', '/api/wishlist', headers);
    expect(list.body.wishlistItems.map((item: { product: { name: string } }) => item.product.name)).toEqual([
      'Miele WWD 120 wasmachine',
      'Bosch Serie 6 wasmachine 8 kg',
    ]);
    expect(list.body.wishlistItems[1]).toMatchObject({ maxPrice: 45000, product: { lowestPrice: { total: 63400 } } });

    expect((await call('PUT', `/api/wishlist/${itemId}`, headers, { maxPrice: 40000 })).body).toEqual({
      wishlistItem: { id: itemId, maxPrice: 40000 },
    });
    expect((await call('DELETE', `/api/wishlist/${itemId}`, headers)).status).toBe(200);
    expect((await call('GET', `/api/wishlist/check/${data.products.bosch.id}`, headers)).body.isWishlisted).toBe(false);
    expect((await call('DELETE', `/api/wishlist/${itemId}`, headers)).status).toBe(404);
  });

  it("answers 404 for another user's item and refuses bad input", async () => {
    const owner = await createTestUser(ctx.app, { email: 'owner@example.nl' });
    const other = await createTestUser(ctx.app, { email: 'other@example.nl' });
    const { body } = await call('POST', '/api/wishlist', owner.headers, { productId: data.products.philips.id, maxPrice: 4000 });
    const url = `/api/wishlist/${body.wishlistItem.id}`;
    expect((await call('PUT', url, other.headers, { maxPrice: 1 })).status).toBe(404);
    expect((await call('DELETE', url, other.headers)).status).toBe(404);
    expect((await call('GET', `/api/wishlist/check/${data.products.philips.id}`, other.headers)).body.isWishlisted).toBe(false);
    expect((await call('GET', '/api/wishlist', other.headers)).body.wishlistItems).toEqual([]);

    const zero = await call('POST', '/api/wishlist', owner.headers, { productId: data.products.philips.id, maxPrice: 0 });
    expect(zero).toMatchObject({ status: 400, body: { error: 'Invalid maxPrice' } });
    const cents = await call('PUT', url, owner.headers, { maxPrice: 10.5 });
    expect(cents).toMatchObject({ status: 400, body: { error: 'Invalid maxPrice' } });
    expect((await call('POST', '/api/wishlist', owner.headers, { productId: 999999, maxPrice: 100 })).status).toBe(404);
    expect((await call('PUT', '/api/wishlist/abc', owner.headers, { maxPrice: 100 })).body.error).toBe('Invalid id');
  });
});
