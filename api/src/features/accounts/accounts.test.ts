import { createTestApp, type TestContext } from '../../../test/helpers';
import { createTestUser, type TestUser } from '../../../test/auth';
import { hashPassword } from '../auth/passwords';
import {
  MAX_RESET_ATTEMPTS_PER_IP,
  MAX_RESET_ATTEMPTS_PER_TOKEN,
  MAX_RESET_MAILS_PER_ADDRESS,
  MAX_RESET_REQUESTS_PER_IP,
} from './routes';

// The real hash, counted: tests check when and how often a password is hashed.
jest.mock('../auth/passwords', () => {
  const actual = jest.requireActual<typeof import('../auth/passwords')>('../auth/passwords');
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});
const hashes = jest.mocked(hashPassword);

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestUser(ctx.app, { role: 'admin' });
});
afterAll(() => ctx.close());
afterEach(() => jest.restoreAllMocks());

const post = (url: string, payload: object, headers?: Record<string, string>, remoteAddress = '10.9.0.1') =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
const profile = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
const login = (email: string, password: string) => post('/api/auth/login', { email, password }, undefined, '10.9.9.9');

/** The reset token of the newest mail to this address in the outbox, read through the admin's outbox routes. */
async function tokenFromOutbox(to: string): Promise<string> {
  // Reset mails leave after the answer to forgot-password.
  await ctx.app.afterResponse.settled();
  const list = await ctx.app.inject({ method: 'GET', url: `/api/admin/outbox?to=${encodeURIComponent(to)}`, headers: admin.headers });
  const [newest] = list.json().messages;
  const message = await ctx.app.inject({ method: 'GET', url: `/api/admin/outbox/${newest.id}`, headers: admin.headers });
  expect(message.json().html).toContain('/reset-password?token=');
  return /reset-password\?token=([\w-]+)/.exec(message.json().text)![1]!;
}
const resetPassword = (token: string, password: string, remoteAddress: string) =>
  post('/api/auth/reset-password', { token, password }, undefined, remoteAddress);
const outboxCount = async (to: string) => {
  await ctx.app.afterResponse.settled();
  return (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/outbox?to=${encodeURIComponent(to)}`,
      headers: admin.headers,
    })
  ).json().pagination.totalItems as number;
};

describe('change password', () => {
  it('needs the current password, and signs out every other session but this one', async () => {
    const user = await createTestUser(ctx.app, { email: 'wissel@example.nl', password: 'oude-zin-van-mij' });
    const other = await login('wissel@example.nl', 'oude-zin-van-mij');
    const otherHeaders = { authorization: `Bearer ${other.json().token}` };
    expect((await profile(otherHeaders)).statusCode).toBe(200);

    const wrong = await post('/api/auth/change-password', { currentPassword: 'fout-fout', newPassword: 'nieuwe-zin-van-mij' }, user.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'Invalid currentPassword', details: 'Current password is incorrect' });
    const weak = await post('/api/auth/change-password', { currentPassword: 'oude-zin-van-mij', newPassword: 'kort' }, user.headers);
    expect(weak.json().error).toBe('Invalid newPassword');
    const missing = await post('/api/auth/change-password', { newPassword: 'nieuwe-zin-van-mij' }, user.headers);
    expect(missing.json().error).toBe('Invalid currentPassword');
    expect((await profile(otherHeaders)).statusCode).toBe(200);

    const ok = await post('/api/auth/change-password', { currentPassword: 'oude-zin-van-mij', newPassword: 'nieuwe-zin-van-mij' }, user.headers);
    expect(ok.json()).toEqual({ success: true });
    expect((await profile(user.headers)).statusCode).toBe(200);
    expect((await profile(otherHeaders)).statusCode).toBe(401);
    expect((await login('wissel@example.nl', 'oude-zin-van-mij')).statusCode).toBe(401);
    expect((await login('wissel@example.nl', 'nieuwe-zin-van-mij')).statusCode).toBe(200);
  });

  it('is for signed-in users only', async () => {
    expect((await post('/api/auth/change-password', { currentPassword: 'a', newPassword: 'b' })).statusCode).toBe(401);
  });
});

describe('delete own account', () => {
  it('needs the password, then removes the account and its sessions', async () => {
    const user = await createTestUser(ctx.app, { email: 'weg@example.nl' });
    const wrong = await ctx.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: user.headers, payload: { password: 'fout-fout' } });
    expect(wrong.json()).toEqual({ error: 'Invalid password', details: 'Password is incorrect' });
    const ok = await ctx.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: user.headers, payload: { password: user.password } });
    expect(ok.json()).toEqual({ success: true });
    expect((await profile(user.headers)).statusCode).toBe(401);
    expect((await login('weg@example.nl', user.password)).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('mails a link that sets a new password once and signs out every session', async () => {
    const user = await createTestUser(ctx.app, { email: 'vergeten@example.nl' });
    const res = await post('/api/auth/forgot-password', { email: ' Vergeten@Example.nl ' });
    expect(res.json()).toEqual({ success: true });
    const token = await tokenFromOutbox('vergeten@example.nl');

    const weak = await post('/api/auth/reset-password', { token, password: 'kort' });
    expect(weak.json()).toEqual({ error: 'Invalid password', details: 'Password must be at least 8 characters' });
    const reset = await post('/api/auth/reset-password', { token, password: 'herstelde-zin-42' });
    expect(reset.json()).toEqual({ success: true });
    expect((await profile(user.headers)).statusCode).toBe(401);
    expect((await login('vergeten@example.nl', 'herstelde-zin-42')).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, password: 'nog-een-andere-zin' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'Invalid token', details: 'This reset link is invalid or has expired' });
    expect((await login('vergeten@example.nl', 'nog-een-andere-zin')).statusCode).toBe(401);
  });

  it('refuses an expired link', async () => {
    await createTestUser(ctx.app, { email: 'traag@example.nl' });
    await post('/api/auth/forgot-password', { email: 'traag@example.nl' });
    const token = await tokenFromOutbox('traag@example.nl');
    await ctx.database.query(
      `update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = 'traag@example.nl')`,
    );
    const res = await post('/api/auth/reset-password', { token, password: 'te-laat-gekozen' });
    expect(res.json().error).toBe('Invalid token');
  });

  it('makes a link last 30 minutes, and a newer link replaces an older one', async () => {
    await createTestUser(ctx.app, { email: 'twee@example.nl' });
    await post('/api/auth/forgot-password', { email: 'twee@example.nl' });
    const first = await tokenFromOutbox('twee@example.nl');
    const [lifetime] = await ctx.database.query<{ minutes: number }>(
      `select round(extract(epoch from expires_at - created_at) / 60)::int as minutes from password_reset_tokens order by id desc limit 1`,
    );
    expect(lifetime!.minutes).toBe(30);
    await post('/api/auth/forgot-password', { email: 'twee@example.nl' });
    const second = await tokenFromOutbox('twee@example.nl');
    expect(second).not.toBe(first);
    expect((await post('/api/auth/reset-password', { token: first, password: 'eerste-link-zin' })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password', { token: second, password: 'tweede-link-zin' })).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    await createTestUser(ctx.app, { email: 'bekend@example.nl' });
    const known = await post('/api/auth/forgot-password', { email: 'bekend@example.nl' }, undefined, '10.9.1.1');
    const unknown = await post('/api/auth/forgot-password', { email: 'onbekend@example.nl' }, undefined, '10.9.1.1');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await outboxCount('onbekend@example.nl')).toBe(0);
    expect(await outboxCount('bekend@example.nl')).toBe(1);
  });

  it(`sends at most ${MAX_RESET_MAILS_PER_ADDRESS} mails per address per window, answering the same`, async () => {
    await createTestUser(ctx.app, { email: 'druk@example.nl' });
    for (let i = 0; i < MAX_RESET_MAILS_PER_ADDRESS + 2; i += 1) {
      const res = await post('/api/auth/forgot-password', { email: 'druk@example.nl' }, undefined, `10.9.2.${i + 1}`);
      expect(res.json()).toEqual({ success: true });
    }
    expect(await outboxCount('druk@example.nl')).toBe(MAX_RESET_MAILS_PER_ADDRESS);
  });

  it(`refuses an IP after ${MAX_RESET_REQUESTS_PER_IP} requests with 429`, async () => {
    for (let i = 0; i < MAX_RESET_REQUESTS_PER_IP; i += 1) {
      expect((await post('/api/auth/forgot-password', { email: `probe${i}@example.nl` }, undefined, '10.9.3.1')).statusCode).toBe(200);
    }
    const blocked = await post('/api/auth/forgot-password', { email: 'probe@example.nl' }, undefined, '10.9.3.1');
    expect(blocked.statusCode).toBe(429);
    expect((await post('/api/auth/forgot-password', { email: 'probe@example.nl' }, undefined, '10.9.3.2')).statusCode).toBe(200);
  });

  it('names a missing field, and refuses a made-up token', async () => {
    expect((await post('/api/auth/forgot-password', {})).json().error).toBe('Invalid email');
    expect((await post('/api/auth/reset-password', { password: 'een-goede-zin' })).json().error).toBe('Invalid token');
    expect((await post('/api/auth/reset-password', { token: 'verzonnen', password: 'een-goede-zin' })).json()).toEqual({
      error: 'Invalid token',
      details: 'This reset link is invalid or has expired',
    });
  });
});

describe('reset-password before any hashing', () => {
  it('looks a made-up token up and refuses it without hashing the password', async () => {
    const hash = hashes;
    hash.mockClear();
    const res = await resetPassword('verzonnen-token-zonder-hash', 'een-goede-lange-zin', '10.9.4.1');
    expect(res.json()).toEqual({ error: 'Invalid token', details: 'This reset link is invalid or has expired' });
    expect(hash).not.toHaveBeenCalled();
  });

  it(`refuses a client after ${MAX_RESET_ATTEMPTS_PER_IP} attempts with 429, other clients not`, async () => {
    for (let i = 0; i < MAX_RESET_ATTEMPTS_PER_IP; i += 1) {
      const res = await resetPassword(`verzonnen-${i}`, 'een-goede-lange-zin', '10.9.5.1');
      expect(res.statusCode).toBe(400);
    }
    const blocked = await resetPassword('verzonnen-x', 'een-goede-lange-zin', '10.9.5.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'Too many password reset requests. Please try again in 15 minutes.' });
    const other = await resetPassword('verzonnen-x', 'een-goede-lange-zin', '10.9.5.2');
    expect(other.statusCode).toBe(400);
  });

  it(`hashes at most ${MAX_RESET_ATTEMPTS_PER_TOKEN} passwords for one link, however many arrive at once`, async () => {
    await createTestUser(ctx.app, { email: 'gelijktijdig@example.nl' });
    await post('/api/auth/forgot-password', { email: 'gelijktijdig@example.nl' }, undefined, '10.9.6.1');
    const token = await tokenFromOutbox('gelijktijdig@example.nl');
    const hash = hashes;
    hash.mockClear();
    const answers = await Promise.all(
      Array.from({ length: MAX_RESET_ATTEMPTS_PER_TOKEN + 4 }, (_, i) =>
        resetPassword(token, `gelijktijdige-zin-${i}`, `10.9.6.${i + 2}`),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 400, 429].includes(status))).toBe(true);
    expect(hash.mock.calls.length).toBeLessThanOrEqual(MAX_RESET_ATTEMPTS_PER_TOKEN);
  });
});

describe('forgot-password answers before it mails', () => {
  it('answers without having looked for the account; the link is mailed after the answer', async () => {
    await createTestUser(ctx.app, { email: 'later@example.nl' });
    const res = await post('/api/auth/forgot-password', { email: 'later@example.nl' }, undefined, '10.9.7.1');
    expect(res.json()).toEqual({ success: true });
    // Nothing about the address has happened yet when the answer is there.
    expect(await ctx.database.query(`select id from outbox where "to" = 'later@example.nl'`)).toEqual([]);
    expect(
      await ctx.database.query(
        `select id from password_reset_tokens where user_id = (select id from users where email = 'later@example.nl')`,
      ),
    ).toEqual([]);
    await ctx.app.afterResponse.settled();
    expect(await ctx.database.query(`select id from outbox where "to" = 'later@example.nl'`)).toHaveLength(1);
  });
});

describe('a password change revokes every outstanding link', () => {
  it('refuses a reset link asked for before the password was changed', async () => {
    const user = await createTestUser(ctx.app, { email: 'eerder-gevraagd@example.nl', password: 'oude-zin-van-mij' });
    await post('/api/auth/forgot-password', { email: 'eerder-gevraagd@example.nl' }, undefined, '10.9.8.1');
    const token = await tokenFromOutbox('eerder-gevraagd@example.nl');
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: 'oude-zin-van-mij', newPassword: 'nieuwe-zin-van-mij' },
      user.headers,
    );
    expect(changed.json()).toEqual({ success: true });

    const reset = await resetPassword(token, 'zin-van-de-aanvaller', '10.9.8.2');
    expect(reset.json()).toEqual({ error: 'Invalid token', details: 'This reset link is invalid or has expired' });
    expect((await login('eerder-gevraagd@example.nl', 'nieuwe-zin-van-mij')).statusCode).toBe(200);
  });

  it('refuses an invitation link once the invited user reset their password', async () => {
    const invited = await post('/api/admin/users', { email: 'uitgenodigd@example.nl', role: 'user' }, admin.headers);
    expect(invited.statusCode).toBe(201);
    const invitation = await tokenFromOutbox('uitgenodigd@example.nl');
    await post('/api/auth/forgot-password', { email: 'uitgenodigd@example.nl' }, undefined, '10.9.8.3');
    const resetToken = await tokenFromOutbox('uitgenodigd@example.nl');
    expect(resetToken).not.toBe(invitation);
    expect((await resetPassword(resetToken, 'zelf-gekozen-zin', '10.9.8.4')).json()).toEqual({ success: true });

    const late = await resetPassword(invitation, 'zin-uit-de-oude-mail', '10.9.8.5');
    expect(late.json()).toEqual({ error: 'Invalid token', details: 'This reset link is invalid or has expired' });
    expect((await login('uitgenodigd@example.nl', 'zelf-gekozen-zin')).statusCode).toBe(200);
  });
});

describe('outbox', () => {
  it('is for admins only and answers 404 for an unknown message', async () => {
    const user = await createTestUser(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: user.headers })).statusCode).toBe(403);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/admin/outbox/99999', headers: admin.headers });
    expect(missing.json()).toEqual({ error: 'Message not found' });
  });
});
