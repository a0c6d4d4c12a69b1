import { createTestUser, type TestUser } from '../../../test/auth';
import { openCatalogueTestApp, type Catalogue } from '../../../test/catalogue';
import type { TestContext } from '../../../test/helpers';

let ctx: TestContext;
let data: Catalogue;
let [first, second]: TestUser[] = [];
beforeAll(async () => {
  ({ ctx, data } = await openCatalogueTestApp());
  [first, second] = await Promise.all([
    createTestUser(ctx.app, { email: 'eerste@example.nl' }),
    createTestUser(ctx.app, { email: 'tweede@example.nl' }),
  ]);
});
afterAll(() => ctx.close());

const rate = (user: TestUser, storeId: number, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/stores/${storeId}/my-rating`, headers: user.headers, payload });
const page = async (slug: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/stores/slug/${slug}/page` });
  return { status: response.statusCode, body: response.json() };
};

describe('store ratings by visitors', () => {
  it('keeps one rating per visitor per store, editable, and shows the average with one decimal', async () => {
    const coolblue = data.stores.coolblue.id;
    expect((await rate(first!, coolblue, { rating: 5, comment: '  Snel geleverd  ' })).json()).toEqual({ rating: { rating: 5, comment: 'Snel geleverd' } });
    expect((await rate(second!, coolblue, { rating: 4 })).statusCode).toBe(200);
    // A second rating by the same visitor edits the first (and moves it to the top).
    expect((await rate(first!, coolblue, { rating: 2, comment: 'Toch te laat' })).statusCode).toBe(200);

    const { status, body } = await page('coolblue');
    expect(status).toBe(200);
    expect(body.store).toMatchObject({ name: 'Coolblue', slug: 'coolblue', url: 'https://coolblue.example', rating: { average: 3, count: 2 } });
    expect(body.ratings.map((r: { rating: number; comment: string | null }) => [r.rating, r.comment])).toEqual([
      [2, 'Toch te laat'],
      [4, null],
    ]);
    const mine = await ctx.app.inject({ method: 'GET', url: `/api/stores/${coolblue}/my-rating`, headers: first!.headers });
    expect(mine.json()).toEqual({ rating: { rating: 2, comment: 'Toch te laat' } });
    await rate(second!, coolblue, { rating: 5 });
    expect((await page('coolblue')).body.store.rating).toEqual({ average: 3.5, count: 2 });
  });

  it("shows each offer's store rating on the product page, current after every rating", async () => {
    const offerOf = async () => {
      const product = (await ctx.app.inject({ method: 'GET', url: `/api/products/${data.products.bosch.id}` })).json();
      return product.prices.find((price: { store: { id: number } }) => price.store.id === data.stores.coolblue.id).store;
    };
    expect(await offerOf()).toMatchObject({ name: 'Coolblue', slug: 'coolblue', rating: { average: 3.5, count: 2 } });
    await rate(second!, data.stores.coolblue.id, { rating: 3 });
    expect((await offerOf()).rating).toEqual({ average: 2.5, count: 2 });
  });

  it("lists the categories of the store's current offers", async () => {
    const { body } = await page('coolblue');
    expect(body.categories.length).toBeGreaterThan(0);
    expect(body.categories.every((c: { slug: string; products: number }) => c.slug !== 'overig' && c.products > 0)).toBe(true);
  });

  it('refuses bad ratings naming the field, anonymous callers, and unknown stores', async () => {
    const bad = await rate(first!, data.stores.bol.id, { rating: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Invalid rating', details: 'rating: Choose 1 to 5 stars' });
    const anonymous = await ctx.app.inject({ method: 'PUT', url: `/api/stores/${data.stores.bol.id}/my-rating`, payload: { rating: 4 } });
    expect(anonymous.statusCode).toBe(401);
    expect((await rate(first!, 999_999, { rating: 4 })).statusCode).toBe(404);
    expect((await page('bestaat-niet')).status).toBe(404);
    const none = await ctx.app.inject({ method: 'GET', url: `/api/stores/${data.stores.bol.id}/my-rating`, headers: first!.headers });
    expect(none.json()).toEqual({ rating: null });
  });
});
