/** With SMTP_URL set, mail leaves through SMTP: a real SMTP server in this process receives it. */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createTestUser } from '../../../test/auth';

interface Received {
  to: string[];
  raw: string;
}

let ctx: TestContext;
let server: SMTPServer;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('onbestelbaar@')) callback(new Error('Mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  ctx = await createTestApp();
  delete process.env.SMTP_URL;
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('sends the reset mail over SMTP and keeps nothing in the outbox', async () => {
  await createTestUser(ctx.app, { email: 'smtp@example.nl' });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'smtp@example.nl' } });
  expect(res.json()).toEqual({ success: true });
  await ctx.app.afterResponse.settled();
  expect(received).toHaveLength(1);
  expect(received[0]!.to).toEqual(['smtp@example.nl']);
  const unfolded = received[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = /reset-password\?token=([\w-]+)/.exec(unfolded)![1]!;
  expect(await ctx.database.query(`select id from outbox`)).toEqual([]);

  const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'via-smtp-gekozen' } });
  expect(reset.json()).toEqual({ success: true });
  const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'smtp@example.nl', password: 'via-smtp-gekozen' } });
  expect(login.statusCode).toBe(200);
});

it('answers forgot-password before the mail leaves; the SMTP server receives it afterwards', async () => {
  await createTestUser(ctx.app, { email: 'nadien@example.nl' });
  const before = received.length;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'nadien@example.nl' },
  });
  expect(res.json()).toEqual({ success: true });
  expect(received).toHaveLength(before);
  await ctx.app.afterResponse.settled();
  expect(received.slice(before).map((mail) => mail.to)).toEqual([['nadien@example.nl']]);
});

it('refuses to create an invited user whose invitation cannot be sent, leaving no account', async () => {
  const admin = await createTestUser(ctx.app, { role: 'admin' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: admin.headers,
    payload: { email: 'onbestelbaar@example.nl', role: 'merchandiser' },
  });
  expect(res.statusCode).toBe(502);
  expect(res.json()).toEqual({ error: 'The invitation mail could not be sent' });
  expect(await ctx.database.query(`select id from users where email = 'onbestelbaar@example.nl'`)).toEqual([]);
});

it('answers a reset request the same when the mail server refuses the mail', async () => {
  await createTestUser(ctx.app, { email: 'onbestelbaar@example.nl' });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'onbestelbaar@example.nl' } });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ success: true });
});
