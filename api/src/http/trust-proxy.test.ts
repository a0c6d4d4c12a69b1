import { parseTrustProxy } from '../config';
import { MAX_FAILURES_PER_IP } from '../features/auth/login-throttle';
import { MAX_RESET_ATTEMPTS_PER_IP } from '../features/accounts/routes';
import { createTestApp, type TestContext } from '../../test/helpers';

describe('parseTrustProxy', () => {
  it('believes no proxy unless told, then a hop count or a list of addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.2, 10.0.1.0/24')).toEqual(['10.0.0.2', '10.0.1.0/24']);
  });
});

describe('a client behind no trusted proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('cannot leave the per-address login throttle by inventing X-Forwarded-For addresses', async () => {
    const attempt = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `probe${i}@example.nl`, password: 'fout-wachtwoord' },
        remoteAddress: '10.9.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i % 250}` },
      });
    for (let i = 0; i < MAX_FAILURES_PER_IP; i += 1) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(MAX_FAILURES_PER_IP + 1)).statusCode).toBe(429);
  });

  it('cannot leave the per-address password reset limit by inventing X-Forwarded-For addresses', async () => {
    const attempt = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: `verzonnen-${i}`, password: 'een-goede-lange-zin' },
        remoteAddress: '10.9.0.2',
        headers: { 'x-forwarded-for': `198.51.100.${i % 250}` },
      });
    for (let i = 0; i < MAX_RESET_ATTEMPTS_PER_IP; i += 1) expect((await attempt(i)).statusCode).toBe(400);
    expect((await attempt(MAX_RESET_ATTEMPTS_PER_IP + 1)).statusCode).toBe(429);
  });
});
