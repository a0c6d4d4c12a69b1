/**
 * The server's log lines: JSON when standard output is not a terminal (log collectors, CI), and in a
 * terminal one readable line per request, with an error's stack in full.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { loggerOptions } from './app';
import { loadConfig } from './config';

function setStdoutIsTTY(value: boolean | undefined): () => void {
  const before = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
  Object.defineProperty(process.stdout, 'isTTY', { value, configurable: true });
  return () => {
    if (before) Object.defineProperty(process.stdout, 'isTTY', before);
    else delete (process.stdout as { isTTY?: boolean }).isTTY;
  };
}

/** A destination that keeps what is written to it. */
function collect(): Writable & { text(): string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return Object.assign(stream, { text: () => text });
}

describe('log format', () => {
  it('is pretty when standard output is a terminal, JSON otherwise', () => {
    const overrides = { dataDir: '/nonexistent', jwtSecret: 'test' };
    let restore = setStdoutIsTTY(true);
    try {
      expect(loadConfig(overrides).logFormat).toBe('pretty');
    } finally {
      restore();
    }
    restore = setStdoutIsTTY(undefined);
    try {
      expect(loadConfig(overrides).logFormat).toBe('json');
    } finally {
      restore();
    }
  });

  it('JSON: pino as Fastify configures it, with its own request lines', () => {
    expect(loggerOptions({ logLevel: 'info', logFormat: 'json' })).toEqual({ logger: { level: 'info' } });
  });

  it('pretty: one line per request with method, path, status and time; an error with its stack', async () => {
    const output = collect();
    const app = Fastify(loggerOptions({ logLevel: 'info', logFormat: 'pretty' }, output));
    app.get('/api/products', async () => ({ products: [] }));
    app.get('/api/broken', async () => {
      throw new Error('the database went away');
    });
    try {
      expect((await app.inject({ url: '/api/products?page=2' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/broken' })).statusCode).toBe(500);
      expect((await app.inject({ url: '/api/nothing-here' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }

    const text = output.text();
    const lines = text.split('\n');
    expect(text).not.toContain('{"level"');
    expect(text).not.toContain('incoming request');
    expect(lines.filter((line) => line.includes('/api/products'))).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/products\?page=2 200 \d+\.\d ms$/),
    ]);
    expect(lines.filter((line) => /GET \/api\/broken 500 \d+\.\d ms/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('/api/nothing-here'))).toEqual([expect.stringMatching(/GET \/api\/nothing-here 404 /)]);
    expect(text).toContain('the database went away');
    expect(text).toMatch(/\n\s+at .*logging\.test\.ts/);
  });
});
