/**
 * Compression as the server registers it: answers travel compressed, and a visitor who leaves
 * while one streams leaves no error in the log (operators would be alerted for nothing).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerCompression } from './compression';

/** Log lines as pino writes them (JSON), kept. */
function logLines(): Writable & { levels(): number[]; text(): string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  const levels = () =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { level: number }).level);
  return Object.assign(stream, { levels, text: () => text });
}

let app: FastifyInstance;
let log: ReturnType<typeof logLines>;
let sourceClosed: Promise<void>;
let baseUrl: string;

beforeEach(async () => {
  log = logLines();
  app = Fastify({ logger: { level: 'info', stream: log } });
  await registerCompression(app);
  app.get('/catalogue', async () => ({ products: Array.from({ length: 500 }, (_, id) => ({ id, name: `Product ${id}` })) }));
  app.get('/endless', async (_request, reply) => {
    // A long answer that streams a chunk at a time, as a large page or export does; random text,
    // so the compressor has output to send after a few chunks.
    let sent = 0;
    const source = new Readable({
      read() {
        setTimeout(() => this.push(sent++ < 10_000 ? `${crypto.randomBytes(2048).toString('hex')}\n` : null), 5);
      },
    });
    sourceClosed = new Promise((resolve) => source.once('close', () => resolve()));
    return reply.type('text/plain').send(source);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await app.close();
});

describe('compression', () => {
  it('sends a large answer brotli-compressed to a browser that accepts it', async () => {
    const response = await fetch(`${baseUrl}/catalogue`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(((await response.json()) as { products: unknown[] }).products).toHaveLength(500);
  });

  it('logs no error when the visitor leaves while a compressed answer streams', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${baseUrl}/endless`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        expect(response.headers['content-encoding']).toBe('gzip');
        response.pipe(zlib.createGunzip()).once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
      });
    });
    await sourceClosed;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
    for (let turn = 0; turn < 500 && !log.text().includes('stream closed prematurely'); turn++) await settle();
    // The compression pipeline reports its end on the turns after the response closed.
    for (let turn = 0; turn < 5; turn++) await settle();

    expect(log.text()).toContain('stream closed prematurely');
    expect(log.levels().filter((level) => level >= 50)).toEqual([]);
  });
});
