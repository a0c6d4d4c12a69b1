import crypto from 'node:crypto';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createTestUser } from '../../../test/auth';
import { hashPassword } from './passwords';
import { MAX_FAILURES_PER_CLIENT_AND_ACCOUNT, MAX_FAILURES_PER_IP, loginDelayMs } from './login-throttle';
import { MAX_REGISTRATIONS_PER_IP } from './routes';

// The real hash, counted: tests check when and how often a password is hashed.
jest.mock('./passwords', () => {
  const actual = jest.requireActual<typeof import('./passwords')>('./passwords');
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});
const hashes = jest.mocked(hashPassword);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => jest.restoreAllMocks());

const post = (url: string, payload: unknown, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
const profile = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function signHs256(payload: object, secret: string): string {
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${unsigned}.${crypto.createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('register', () => {
  it('creates the account, lower-cases the email and returns a working token', async () => {
    const res = await post('/api/auth/register', { email: '  Nieuw@Example.NL ', password: 'fiets-en-regen-42' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'nieuw@example.nl', isAdmin: false });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(typeof body.user.createdAt).toBe('string');
    const me = await profile(body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('nieuw@example.nl');
  });

  it('refuses a bad email, a short or common password and missing fields, naming the field', async () => {
    expect((await post('/api/auth/register', { email: 'geen-email', password: 'fiets-en-regen-42' })).json()).toEqual({
      error: 'Invalid email',
      details: 'Enter a valid email address',
    });
    const short = await post('/api/auth/register', { email: 'a@example.nl', password: 'kort' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: 'Invalid password', details: 'Password must be at least 8 characters' });
    const common = await post('/api/auth/register', { email: 'a@example.nl', password: 'Password123' });
    expect(common.json()).toEqual({ error: 'Invalid password', details: 'This password is too common; choose another' });
    const noEmail = await post('/api/auth/register', { password: 'fiets-en-regen-42' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error).toBe('Invalid email');
    const noPassword = await post('/api/auth/register', { email: 'a@example.nl' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error).toBe('Invalid password');
  });

  it('refuses a duplicate email with 409', async () => {
    await post('/api/auth/register', { email: 'dubbel@example.nl', password: 'fiets-en-regen-42' });
    const again = await post('/api/auth/register', { email: 'DUBBEL@example.nl', password: 'andere-zin-77' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An account with this email already exists' });
  });

  it('hashes the password whether or not the address is taken, before it looks at the address', async () => {
    const hash = hashes;
    hash.mockClear();
    const fresh = await post(
      '/api/auth/register',
      { email: 'gelijk-werk@example.nl', password: 'fiets-en-regen-42' },
      '10.5.0.1',
    );
    expect(fresh.statusCode).toBe(200);
    expect(hash).toHaveBeenCalledTimes(1);
    const taken = await post(
      '/api/auth/register',
      { email: 'gelijk-werk@example.nl', password: 'andere-zin-77' },
      '10.5.0.1',
    );
    expect(taken.json()).toEqual({ error: 'An account with this email already exists' });
    expect(hash).toHaveBeenCalledTimes(2);
    expect(hash).toHaveBeenLastCalledWith('andere-zin-77');
  });
});

describe('login, profile and logout', () => {
  it('signs in, shows the profile, and refuses the token after logout', async () => {
    const user = await createTestUser(ctx.app, { email: 'jan@example.nl', password: 'tulpen-in-mei' });
    const res = await post('/api/auth/login', { email: 'JAN@example.nl', password: 'tulpen-in-mei' });
    expect(res.statusCode).toBe(200);
    const { token, user: returned } = res.json();
    expect(returned).toMatchObject({ id: user.id, email: 'jan@example.nl', isAdmin: false, role: 'user', storeIds: null });
    expect((await profile(token)).statusCode).toBe(200);

    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await profile(token);
    expect(after.statusCode).toBe(401);
    // Other sessions of the same user keep working.
    expect((await profile(user.token)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    await createTestUser(ctx.app, { email: 'piet@example.nl', password: 'tulpen-in-mei' });
    const wrong = await post('/api/auth/login', { email: 'piet@example.nl', password: 'verkeerd-wachtwoord' }, '10.0.0.2');
    const unknown = await post('/api/auth/login', { email: 'niemand@example.nl', password: 'verkeerd-wachtwoord' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('names the missing field', async () => {
    const res = await post('/api/auth/login', { email: 'piet@example.nl' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid password', details: 'Password is required' });
    const noEmail = await post('/api/auth/login', { password: 'x' });
    expect(noEmail.json().error).toBe('Invalid email');
  });

  it('refuses profile without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/profile' });
    expect(res.statusCode).toBe(401);
  });
});

describe('tokens', () => {
  it('refuses an invalid, an expired and an alg:none token with 401', async () => {
    const user = await createTestUser(ctx.app);
    const secret = ctx.app.config.jwtSecret;
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: String(user.id), jti: crypto.randomUUID() };
    // A live session for these claims, so only the signature and expiry decide below.
    await ctx.database.query(`insert into user_sessions (jti, user_id, expires_at) values ($1, $2, now() + interval '1 hour')`, [
      claims.jti,
      user.id,
    ]);

    const tampered = `${user.token.slice(0, -4)}AAAA`;
    const wrongSecret = signHs256({ ...claims, iat: now, exp: now + 3600 }, 'not-the-secret');
    const expired = signHs256({ ...claims, iat: now - 7200, exp: now - 3600 }, secret);
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iat: now, exp: now + 3600 })}.`;
    const valid = signHs256({ ...claims, iat: now, exp: now + 3600 }, secret);

    for (const token of ['garbage', tampered, wrongSecret, expired, none]) {
      const res = await profile(token);
      expect({ token, status: res.statusCode }).toEqual({ token, status: 401 });
    }
    // The same claims, correctly signed, are accepted: the refusals above are about the token.
    expect((await profile(valid)).statusCode).toBe(200);
  });

  it('refuses a correctly signed token that was never issued as a session', async () => {
    const user = await createTestUser(ctx.app);
    const now = Math.floor(Date.now() / 1000);
    const forged = signHs256({ sub: String(user.id), jti: crypto.randomUUID(), iat: now, exp: now + 3600 }, ctx.app.config.jwtSecret);
    expect((await profile(forged)).statusCode).toBe(401);
  });

  it('refuses a correctly signed token without exp, even with a live session', async () => {
    const user = await createTestUser(ctx.app);
    const claims = { sub: String(user.id), jti: crypto.randomUUID(), iat: Math.floor(Date.now() / 1000) };
    await ctx.database.query(
      `insert into user_sessions (jti, user_id, expires_at) values ($1, $2, now() + interval '1 hour')`,
      [claims.jti, user.id],
    );
    const res = await profile(signHs256(claims, ctx.app.config.jwtSecret));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid or expired token' });
  });

  it('refuses a token whose session is past its expires_at', async () => {
    const user = await createTestUser(ctx.app);
    expect((await profile(user.token)).statusCode).toBe(200);
    await ctx.database.query(`update user_sessions set expires_at = now() - interval '1 second' where user_id = $1`, [
      user.id,
    ]);
    const res = await profile(user.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid or expired token' });
  });

  it('refuses a non-admin on an admin route with 403', async () => {
    const user = await createTestUser(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/users', headers: user.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Access denied. Admin privileges required.' });
  });
});

describe('login throttling', () => {
  it(`refuses a client after ${MAX_FAILURES_PER_CLIENT_AND_ACCOUNT} failures on one account, but never the owner elsewhere`, async () => {
    await createTestUser(ctx.app, { email: 'doelwit@example.nl', password: 'tulpen-in-mei' });
    const attacker = '10.1.0.1';
    for (let i = 0; i < MAX_FAILURES_PER_CLIENT_AND_ACCOUNT; i += 1) {
      const res = await post('/api/auth/login', { email: 'doelwit@example.nl', password: `fout-${i}-abc` }, attacker);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: 'doelwit@example.nl', password: 'tulpen-in-mei' }, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/Too many failed login attempts/);
    // Failures spread over many addresses do not lock the account either.
    for (let i = 0; i < 15; i += 1) {
      await post('/api/auth/login', { email: 'doelwit@example.nl', password: `fout-${i}-xyz` }, `10.1.2.${i + 1}`);
    }
    const owner = await post('/api/auth/login', { email: 'doelwit@example.nl', password: 'tulpen-in-mei' }, '10.1.1.1');
    expect(owner.statusCode).toBe(200);
  });

  it(`verifies at most ${MAX_FAILURES_PER_CLIENT_AND_ACCOUNT} of 24 concurrent wrong passwords for one account from one client`, async () => {
    await createTestUser(ctx.app, { email: 'gelijktijdig@example.nl', password: 'tulpen-in-mei' });
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        post('/api/auth/login', { email: 'gelijktijdig@example.nl', password: `fout-${i}-tegelijk` }, '10.6.0.1'),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES_PER_CLIENT_AND_ACCOUNT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(24 - MAX_FAILURES_PER_CLIENT_AND_ACCOUNT);
  });

  it('counts a successful login against neither the account nor the client', async () => {
    await createTestUser(ctx.app, { email: 'trouw@example.nl', password: 'tulpen-in-mei' });
    const ip = '10.7.0.1';
    for (let i = 0; i < MAX_FAILURES_PER_IP + 5; i += 1) {
      expect(
        (await post('/api/auth/login', { email: 'trouw@example.nl', password: 'tulpen-in-mei' }, ip)).statusCode,
      ).toBe(200);
    }
    expect(await ctx.database.query(`select attempts from login_throttle where key = 'ip:${ip}'`)).toEqual([
      { attempts: 0 },
    ]);
  });

  it('slows a failing client down exponentially before refusing it', () => {
    expect([0, 1, 2].map((failures) => loginDelayMs(failures, 250))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map((failures) => loginDelayMs(failures, 250))).toEqual([250, 500, 1000, 2000]);
    expect(loginDelayMs(9, 250)).toBe(8000);
    expect(loginDelayMs(40, 250)).toBe(8000);
  });

  it(`lets one client register ${MAX_REGISTRATIONS_PER_IP} accounts per window, then answers 429`, async () => {
    const client = '10.4.0.1';
    for (let i = 0; i < MAX_REGISTRATIONS_PER_IP; i += 1) {
      const res = await post('/api/auth/register', { email: `massa-${i}@example.nl`, password: 'fiets-en-regen-42' }, client);
      expect(res.statusCode).toBe(200);
    }
    const refused = await post('/api/auth/register', { email: 'massa-extra@example.nl', password: 'fiets-en-regen-42' }, client);
    expect(refused.statusCode).toBe(429);
    const other = await post('/api/auth/register', { email: 'massa-extra@example.nl', password: 'fiets-en-regen-42' }, '10.4.0.2');
    expect(other.statusCode).toBe(200);
  });

  it(`blocks an IP after ${MAX_FAILURES_PER_IP} failures across accounts`, async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < MAX_FAILURES_PER_IP; i += 1) {
      const res = await post('/api/auth/login', { email: `probe${i}@example.nl`, password: 'fout-wachtwoord' }, ip);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: 'probe-new@example.nl', password: 'fout-wachtwoord' }, ip);
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await post('/api/auth/login', { email: 'probe-new@example.nl', password: 'fout-wachtwoord' }, '10.2.0.2');
    expect(elsewhere.statusCode).toBe(401);
  });

  it("clears the client's counter on the account after a successful login", async () => {
    await createTestUser(ctx.app, { email: 'vergeetachtig@example.nl', password: 'tulpen-in-mei' });
    const rows = async () =>
      ctx.database.query<{ attempts: number }>(`select attempts from login_throttle where key = 'pair:10.3.0.1|vergeetachtig@example.nl'`);
    await post('/api/auth/login', { email: 'vergeetachtig@example.nl', password: 'fout-fout-fout' }, '10.3.0.1');
    expect((await rows())[0]?.attempts).toBe(1);
    const ok = await post('/api/auth/login', { email: 'vergeetachtig@example.nl', password: 'tulpen-in-mei' }, '10.3.0.1');
    expect(ok.statusCode).toBe(200);
    expect(await rows()).toEqual([]);
  });
});
