/** Server configuration from the environment; every value has a safe default for `npm start`. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { parseAllowedHosts } from './importers/network-guard';
import { REPO_ROOT } from './paths';
import { REMOTES } from '../../shared/build/front-ends';

/** Server rendering of visitor pages and its rendered-page cache. */
export interface ServerRenderingConfig {
  /** SERVER_RENDERING (`off`: every visitor page is the client-rendered shell). */
  enabled: boolean;
  /** SSR_BUDGET_MS: a render over it is aborted and the client-rendered shell answered. */
  budgetMs: number;
  /** SSR_REMOTE_TTL_MS: how often the storefront's Node container is checked for a new deploy. */
  remoteTtlMs: number;
  /** SSR_MAX_CONCURRENT (default twice the CPUs): renders at once; more get the client-rendered shell. */
  maxConcurrent: number;
  /** SSR_CACHE_TTL_MS and SSR_CACHE_MAX_ENTRIES: the rendered-page cache's lifetime and size. */
  cacheTtlMs: number;
  cacheMaxEntries: number;
}

export interface ApiConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  /** Folder for PGlite data, the generated JWT secret and feed files. */
  dataDir: string;
  feedStorageDir: string;
  /** Feed hosts fetched whatever their address (FEED_ALLOWED_HOSTS, for test fixtures on 127.0.0.1). */
  feedAllowedHosts: string[];
  jwtSecret: string;
  jwtExpiresIn: string;
  /** Origins allowed by CORS when front ends live on other origins (comma-separated). */
  corsOrigins: string[];
  /** Queue the due feeds' scheduled runs from this process (FEED_SCHEDULER, on by default). */
  runScheduler: boolean;
  /** Run an import worker in this process (WORKER, on by default; `off` for an API without one). */
  runWorker: boolean;
  /**
   * Copy product images to our own origin after each feed run (IMAGE_COPIES, on by default;
   * features/image-copies). Off in the API tests, which copy when they mean to.
   */
  copyImages: boolean;
  /**
   * An origin image copies may also be served from (MEDIA_ORIGIN, e.g. a CDN in front of
   * /api/image-copies): allowed by the CSP's img-src beside our own. Unset: our own origin only.
   */
  mediaOrigin?: string;
  /** Feed runs one worker process executes at once (IMPORT_CONCURRENCY, default 1). */
  importConcurrency: number;
  /** First back-off before a failed download is tried again, doubled per try (FEED_RETRY_DELAY_SECONDS, default 30). */
  feedRetryDelaySeconds: number;
  /**
   * The longest one statement of a run's apply transaction may take, in milliseconds
   * (FEED_APPLY_STATEMENT_TIMEOUT_SECONDS, default 600 s): a plan gone wrong fails the run with a
   * reason instead of holding its locks for hours.
   */
  feedApplyStatementTimeoutMs: number;
  /**
   * Seconds between a worker's looks for queued runs (FEED_POLL_SECONDS, default 2). On
   * PostgreSQL a queued run also wakes every worker process at once (LISTEN/NOTIFY): the look
   * is what remains when that notice is lost.
   */
  feedPollSeconds: number;
  /** Seconds between two evaluations of the schedule and the reaper (FEED_SCHEDULE_TICK_SECONDS, default 60). */
  scheduleTickSeconds: number;
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): none by default, so a client cannot
   * choose its own address for the throttles; a hop count ('1' behind one load balancer) or a
   * comma-separated list of proxy addresses or CIDR ranges.
   */
  trustProxy: false | number | string[];
  /** Base of the exponential delay of repeated failed logins (ms); tests set it low. */
  loginDelayBaseMs: number;
  /**
   * Addresses that may read /metrics (METRICS_ALLOW, comma-separated addresses or CIDR ranges):
   * besides loopback while no proxy is trusted; behind a trusted proxy (TRUST_PROXY) only these,
   * matched against the client's address, since the proxy's own connection is loopback for everyone.
   */
  metricsAllow: string[];
  /**
   * Addresses besides this process that may fetch source maps and the server-rendering bundles
   * (BUILD_INTERNALS_ALLOW, comma-separated addresses or CIDR ranges; none by default).
   */
  buildInternalsAllow: string[];
  /** Serve the built front ends beside the API (off for the API-only production image). */
  serveFrontEnds: boolean;
  serverRendering: ServerRenderingConfig;
  /** Remote name → manifest URL from its REMOTE_*_URL; a remote not named is served from here. */
  remoteManifestUrls: Record<string, string>;
  logLevel: string;
  /** Log lines as JSON (what log collectors read), or readable (`pretty`) when standard output is a terminal. */
  logFormat: 'json' | 'pretty';
  /** SMTP server for mail (SMTP_URL, e.g. smtp://user:pass@host:587); unset keeps mail in the outbox. */
  smtpUrl?: string;
  /** Sender of the site's mail (MAIL_FROM). */
  mailFrom: string;
  /** The site's public address, the start of links in mail (PUBLIC_URL). */
  publicUrl: string;
  demo: DemoSettings;
}

export interface DemoSettings {
  /** SEED_DEMO: `on` or `off` decides whether an empty database gets the demo data; unset: the embedded database only. */
  seed?: 'on' | 'off';
  /** DEMO_ADMIN_PASSWORD, DEMO_USER_PASSWORD: the demo accounts' passwords (generated when unset). */
  passwords: { admin?: string; user?: string };
}

/** The demo data's settings from the environment (also for the seed command, which loads no whole configuration). */
export function demoSettings(): DemoSettings {
  const seed = process.env.SEED_DEMO;
  return {
    seed: seed === 'on' || seed === 'off' ? seed : undefined,
    passwords: { admin: process.env.DEMO_ADMIN_PASSWORD || undefined, user: process.env.DEMO_USER_PASSWORD || undefined },
  };
}

export { REPO_ROOT };

/** The JWT secret: JWT_SECRET, else one generated once and kept in the data folder (never committed). */
function resolveJwtSecret(dataDir: string): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (!text || text === 'false' || text === '0') return false;
  if (/^[0-9]+$/.test(text)) return Number(text);
  return text.split(',').map((entry) => entry.trim()).filter(Boolean);
}

/** TRUST_PROXY in Fastify's terms: a hop count becomes "believe the nearest n hops". */
export function trustedProxies(value: ApiConfig['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** A whole number ≥ 1 from the environment, else the default. */
/** An http(s) origin (a path or trailing slash is dropped); anything else stops the start with its name. */
export function parseMediaOrigin(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const url = URL.canParse(value.trim()) ? new URL(value.trim()) : null;
  if (!url || !/^https?:$/.test(url.protocol)) throw new Error(`MEDIA_ORIGIN must be an http(s) origin such as https://media.example.nl, not "${value}"`);
  return url.origin;
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= 1 ? number : fallback;
}

export function loadConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  const dataDir = overrides.dataDir ?? path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, 'data'));
  return {
    port: Number(process.env.PORT ?? 8080),
    host: process.env.HOST ?? '0.0.0.0',
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir,
    feedStorageDir: process.env.FEED_STORAGE_DIR ?? path.join(dataDir, 'feeds'),
    feedAllowedHosts: parseAllowedHosts(process.env.FEED_ALLOWED_HOSTS),
    jwtSecret: overrides.jwtSecret ?? resolveJwtSecret(dataDir),
    jwtExpiresIn: process.env.JWT_EXPIRES_IN ?? '7d',
    corsOrigins: (process.env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    runScheduler: process.env.FEED_SCHEDULER !== 'off',
    runWorker: process.env.WORKER !== 'off',
    copyImages: process.env.IMAGE_COPIES !== 'off',
    mediaOrigin: parseMediaOrigin(process.env.MEDIA_ORIGIN),
    importConcurrency: positiveInteger(process.env.IMPORT_CONCURRENCY, 1),
    feedRetryDelaySeconds: positiveInteger(process.env.FEED_RETRY_DELAY_SECONDS, 30),
    feedApplyStatementTimeoutMs: positiveInteger(process.env.FEED_APPLY_STATEMENT_TIMEOUT_SECONDS, 600) * 1000,
    feedPollSeconds: positiveInteger(process.env.FEED_POLL_SECONDS, 2),
    scheduleTickSeconds: positiveInteger(process.env.FEED_SCHEDULE_TICK_SECONDS, 60),
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    loginDelayBaseMs: 250,
    metricsAllow: (process.env.METRICS_ALLOW ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    buildInternalsAllow: (process.env.BUILD_INTERNALS_ALLOW ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    serveFrontEnds: process.env.SERVE_FRONTENDS !== 'false' && !process.argv.includes('--api-only'),
    serverRendering: {
      enabled: process.env.SERVER_RENDERING !== 'off',
      budgetMs: positiveInteger(process.env.SSR_BUDGET_MS, 300),
      remoteTtlMs: Number(process.env.SSR_REMOTE_TTL_MS ?? 30_000),
      maxConcurrent: positiveInteger(process.env.SSR_MAX_CONCURRENT, os.availableParallelism() * 2),
      cacheTtlMs: Number(process.env.SSR_CACHE_TTL_MS ?? 60_000),
      cacheMaxEntries: Number(process.env.SSR_CACHE_MAX_ENTRIES ?? 500),
    },
    remoteManifestUrls: Object.fromEntries(
      REMOTES.flatMap((remote) => (process.env[remote.urlVariable] ? [[remote.name, process.env[remote.urlVariable]!]] : [])),
    ),
    logLevel: process.env.LOG_LEVEL ?? 'info',
    logFormat: process.stdout.isTTY ? 'pretty' : 'json',
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM ?? 'Koopjesland <no-reply@koopjesland.local>',
    publicUrl: (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/+$/, ''),
    demo: demoSettings(),
    ...overrides,
  };
}

/** Where the configured database lives: the PostgreSQL server, else PGlite in `<dataDir>/pglite`. */
export function databaseOptions(config: ApiConfig): { databaseUrl?: string; dataDir?: string } {
  return config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') };
}
