import { createTestApp, type TestContext } from '../../../test/helpers';
import { createTestUser, type TestUser } from '../../../test/auth';

let ctx: TestContext;
let [admin, shopper]: TestUser[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  [admin, shopper] = await Promise.all([
    createTestUser(ctx.app, { role: 'admin' }),
    createTestUser(ctx.app, { email: 'beoordelaar@example.nl' }),
  ]);
  await ctx.database.query(
    `insert into stores (id, name, slug, url) values (1, 'MegaKoop', 'megakoop', 'https://megakoop.example'),
       (2, 'Prijsbaas', 'prijsbaas', 'https://prijsbaas.example')`,
  );
  await ctx.database.query(
    `insert into store_ratings (store_id, user_id, rating, comment, created_at) values
       (1, $1, 4, 'Snel geleverd', now() - interval '3 days'),
       (1, null, 2, null, now() - interval '2 days'),
       (2, $1, 5, 'Prima service', now() - interval '1 day')`,
    [shopper!.id],
  );
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin!.headers, payload });

describe('store ratings (admin)', () => {
  it('pages every rating newest first, with the store and the rater', async () => {
    const res = await call('GET', '/api/admin/store-ratings?limit=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().storeRatings.map((r: { comment: string | null }) => r.comment)).toEqual(['Prima service', null]);
    expect(res.json().storeRatings[0]).toMatchObject({ storeName: 'Prijsbaas', userEmail: 'beoordelaar@example.nl', rating: 5 });
    expect(res.json().storeRatings[1]).toMatchObject({ storeName: 'MegaKoop', userEmail: null, rating: 2 });
    expect(res.json().pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 3, itemsPerPage: 2 });
    expect((await call('GET', '/api/admin/store-ratings?limit=2&page=2')).json().storeRatings).toHaveLength(1);
  });

  it('lists one store’s ratings', async () => {
    const res = await call('GET', '/api/admin/store-ratings?storeId=1');
    expect(res.json().pagination.totalItems).toBe(2);
    expect(res.json().storeRatings.every((r: { storeId: number }) => r.storeId === 1)).toBe(true);
  });

  it('filters by stars and by rater, also together with the store', async () => {
    expect((await call('GET', '/api/admin/store-ratings?stars=5')).json().storeRatings.map((r: { comment: string }) => r.comment)).toEqual([
      'Prima service',
    ]);
    expect((await call('GET', '/api/admin/store-ratings?stars=4&storeId=2')).json().storeRatings).toEqual([]);
    expect((await call('GET', `/api/admin/store-ratings?userId=${shopper!.id}`)).json().pagination.totalItems).toBe(2);
    expect((await call('GET', '/api/admin/store-ratings?stars=6')).json().error).toBe('Invalid stars');
  });

  it('corrects a rating and clears a blank comment, and leaves it alone when nothing is sent', async () => {
    const [rating] = (await call('GET', '/api/admin/store-ratings?storeId=2')).json().storeRatings;
    expect((await call('PUT', `/api/admin/store-ratings/${rating.id}`, { rating: 3, comment: '  ' })).json()).toMatchObject({
      rating: 3,
      comment: null,
    });
    expect((await call('PUT', `/api/admin/store-ratings/${rating.id}`, {})).json()).toMatchObject({ rating: 3, comment: null });
    expect((await call('GET', `/api/admin/store-ratings/${rating.id}`)).json()).toMatchObject({ id: rating.id, rating: 3 });
  });

  it('refuses bad input with 400 naming the field, and unknown ids with 404', async () => {
    const [rating] = (await call('GET', '/api/admin/store-ratings?storeId=1')).json().storeRatings;
    const tooHigh = await call('PUT', `/api/admin/store-ratings/${rating.id}`, { rating: 6 });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().error).toBe('Invalid rating');
    expect((await call('GET', '/api/admin/store-ratings?storeId=abc')).json().error).toBe('Invalid storeId');
    expect((await call('GET', '/api/admin/store-ratings/2147483648')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/store-ratings/99999')).json()).toEqual({ error: 'Store rating not found' });
    expect((await call('PUT', '/api/admin/store-ratings/99999', { rating: 4 })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/store-ratings/99999')).statusCode).toBe(404);
  });

  it('removes a rating', async () => {
    const [rating] = (await call('GET', '/api/admin/store-ratings?storeId=1')).json().storeRatings;
    expect((await call('DELETE', `/api/admin/store-ratings/${rating.id}`)).json()).toEqual({ success: true });
    expect((await call('GET', `/api/admin/store-ratings/${rating.id}`)).statusCode).toBe(404);
  });

  it('is closed to anonymous visitors (401) and shoppers (403)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/store-ratings' })).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/admin/store-ratings'],
      ['PUT', '/api/admin/store-ratings/1'],
      ['DELETE', '/api/admin/store-ratings/1'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: shopper!.headers, payload: method === 'PUT' ? { rating: 1 } : undefined });
      expect(res.statusCode).toBe(403);
    }
  });
});
