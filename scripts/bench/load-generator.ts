/**
 * The load generator of `npm run bench:load`, run in a process of its own so its work never
 * competes with the server's event loop. Reads a plan (JSON) on stdin, drives every call at once
 * with autocannon for the plan's duration, and prints one JSON result on stdout: per call the
 * exact p50/p95/p99 of its own responses, requests per second, status counts, errors and
 * timeouts. Every request names a different visitor in X-Forwarded-For (the server trusts the
 * loopback proxy in this benchmark), as visitors behind a load balancer would.
 *
 * A call may send headers of its own (`headers`) and name a `bodyMarker`: its answers whose body
 * (decompressed as its Content-Encoding says) contains the marker are counted (`marked`), e.g. the
 * server-rendered pages of bench:ssr versus the client-rendered fallback.
 */
import { percentile } from './statistics';
import zlib from 'node:zlib';
import autocannon from 'autocannon';

export interface LoadCall {
  name: string;
  method: 'GET' | 'POST';
  /** Rotated through, one per request. */
  paths: string[];
  /** JSON bodies for POST, rotated with the paths. */
  bodies?: unknown[];
  connections: number;
  /** Sent with every request of the call. */
  headers?: Record<string, string>;
  /** Count the answers whose (decompressed) body contains this text. */
  bodyMarker?: string;
  /** Count the answers by this response header's value (`none` when absent), e.g. `x-render-cache`. */
  countHeader?: string;
  /** Stop after this many requests if the duration has not ended first (a path never sent twice). */
  maxRequests?: number;
}

export interface LoadPlan {
  baseUrl: string;
  durationSeconds: number;
  timeoutSeconds: number;
  calls: LoadCall[];
}

export interface CallResult {
  name: string;
  /** Requests sent, answered or not (the run's end cuts some off). */
  sent: number;
  /** Requests answered. */
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** With a bodyMarker: answers whose body contained it. */
  marked?: number;
  /** With a bodyMarker: the latency of those answers alone (the others may be a fast fallback). */
  markedP50?: number;
  markedP95?: number;
  /** With a countHeader: answers per value of that header. */
  headerValues?: Record<string, number>;
}

let visitor = 0;
/** A different documentation-range address per request (RFC 5737 / 198.18.0.0/15 benchmark range). */
function nextVisitorAddress(): string {
  visitor += 1;
  return `198.18.${(visitor >> 8) & 255}.${visitor & 255}`;
}

let rawBodies = false;
/**
 * autocannon joins a response's body chunks into a string (`body += chunk`), which garbles a
 * compressed body; keep the bytes instead (only for calls with a body marker, nothing else reads them).
 */
function keepRawBodies(): void {
  if (rawBodies) return;
  rawBodies = true;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Queue = require('autocannon/lib/pipelinedRequestsQueue') as { prototype: { peek(): { body: string | Buffer } | undefined; addBody(data: Buffer): void } };
  Queue.prototype.addBody = function addBody(data: Buffer) {
    const request = this.peek();
    if (request) request.body = typeof request.body === 'string' ? data : Buffer.concat([request.body, data]);
  };
}

function decodedBody(body: Buffer | string, headers: Record<string, string | string[] | undefined> = {}): string {
  if (typeof body === 'string') return body; // empty
  const encoding = String(Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? '');
  if (encoding.includes('br')) return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding.includes('gzip')) return zlib.gunzipSync(body).toString('utf8');
  if (encoding.includes('deflate')) return zlib.inflateSync(body).toString('utf8');
  return body.toString('utf8');
}

function drive(plan: LoadPlan, call: LoadCall): Promise<CallResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  let sent = 0;
  let marked = 0;
  const markedLatencies: number[] = [];
  // autocannon calls a request's onResponse, then emits 'response' for the same answer, in one go.
  let lastMarked = false;
  const marker = call.bodyMarker;
  if (marker !== undefined) keepRawBodies();
  const countHeader = call.countHeader?.toLowerCase();
  const headerValues: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: plan.baseUrl,
        connections: call.connections,
        duration: plan.durationSeconds,
        ...(call.maxRequests === undefined ? {} : { maxOverallRequests: call.maxRequests }),
        timeout: plan.timeoutSeconds,
        requests: [
          {
            setupRequest: (request) => {
              const index = next++ % call.paths.length;
              sent += 1;
              const body = call.bodies?.[index % call.bodies.length];
              return {
                ...request,
                method: call.method,
                path: call.paths[index]!,
                headers: {
                  ...request.headers,
                  ...call.headers,
                  'x-forwarded-for': nextVisitorAddress(),
                  ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                },
                ...(body === undefined ? {} : { body: JSON.stringify(body) }),
              };
            },
            ...(marker === undefined && countHeader === undefined
              ? {}
              : {
                  onResponse: (_status: number, responseBody: string, _context: object, headers?: Record<string, string | string[] | undefined>) => {
                    if (countHeader !== undefined) {
                      const value = String(Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === countHeader)?.[1] ?? 'none');
                      headerValues[value] = (headerValues[value] ?? 0) + 1;
                    }
                    if (marker === undefined) return;
                    try {
                      lastMarked = decodedBody(responseBody as unknown as Buffer | string, headers).includes(marker);
                      if (lastMarked) marked += 1;
                    } catch {
                      // a body that does not decode is not marked
                    }
                  },
                }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        markedLatencies.sort((a, b) => a - b);
        resolve({
          name: call.name,
          sent,
          requests: latencies.length,
          perSecond: latencies.length / plan.durationSeconds,
          p50: percentile(latencies, 0.5),
          p95: percentile(latencies, 0.95),
          p99: percentile(latencies, 0.99),
          statuses,
          errors: result.errors,
          timeouts: result.timeouts,
          ...(marker === undefined
            ? {}
            : { marked, markedP50: percentile(markedLatencies, 0.5), markedP95: percentile(markedLatencies, 0.95) }),
          ...(countHeader === undefined ? {} : { headerValues }),
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (lastMarked) markedLatencies.push(responseTime);
      lastMarked = false;
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const plan = JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoadPlan;
  const results = await Promise.all(plan.calls.map((call) => drive(plan, call)));
  process.stdout.write(JSON.stringify(results));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
