import { clickOuts } from '../../db/schema';
import type { TestContext } from '../../../test/helpers';
import { openCatalogueTestApp, type Catalogue } from '../../../test/catalogue';
import { createTestUser } from '../../../test/auth';
import { MAX_CLICK_OUTS_PER_MINUTE } from './routes';

let ctx: TestContext;
let data: Catalogue;

beforeAll(async () => ({ ctx, data } = await openCatalogueTestApp()));
afterAll(() => ctx.close());

const body = (userId: number | null) => ({
  timestamp: new Date().toISOString(),
  user: { isLoggedIn: userId !== null, userId, userEmail: 'someone@else.nl', isAdmin: true },
  product: { id: data.products.bosch.id, name: 'Bosch', slug: 'bosch' },
  store: { id: data.stores.bol.id, name: 'bol' },
  pricing: { current: 63400, lowest: 63400 },
  redirectUrl: 'https://bol.example/bosch',
});

describe('POST /api/prices/log-redirect', () => {
  it('stores the click-out, taking the user from the token and never from the body', async () => {
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/prices/log-redirect', payload: body(4242) });
    expect(anonymous.statusCode).toBe(202);
    expect(anonymous.json()).toEqual({ ok: true });
    const { id: userId, headers } = await createTestUser(ctx.app, { email: 'clicker@example.nl' });
    await ctx.app.inject({ method: 'POST', url: '/api/prices/log-redirect', payload: body(4242), headers });
    const rows = await ctx.app.db.select().from(clickOuts).orderBy(clickOuts.id);
    expect(rows.map((row) => [row.productId, row.storeId, row.userId, row.currentPrice, row.redirectUrl])).toEqual([
      [data.products.bosch.id, data.stores.bol.id, null, 63400, 'https://bol.example/bosch'],
      [data.products.bosch.id, data.stores.bol.id, userId, 63400, 'https://bol.example/bosch'],
    ]);
  });

  it('refuses a malformed body', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/prices/log-redirect', payload: { ...body(null), pricing: { current: -1 } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid pricing.current');
  });

  it(`accepts ${MAX_CLICK_OUTS_PER_MINUTE} click-outs a minute from one client, then 429 without storing`, async () => {
    const send = (remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/prices/log-redirect', payload: body(null), remoteAddress });
    const stored = async () => (await ctx.app.db.select().from(clickOuts)).length;
    const before = await stored();
    for (let i = 0; i < MAX_CLICK_OUTS_PER_MINUTE; i += 1) expect((await send('10.7.0.1')).statusCode).toBe(202);
    expect((await send('10.7.0.1')).statusCode).toBe(429);
    expect((await send('10.7.0.2')).statusCode).toBe(202);
    expect(await stored()).toBe(before + MAX_CLICK_OUTS_PER_MINUTE + 1);
  });
});
