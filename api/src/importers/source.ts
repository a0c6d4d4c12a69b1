/**
 * Opens a feed as a stream of bytes: from an http(s) URL (public addresses only, checked on
 * every hop; connect, read and total timeouts, size limit, bounded redirects, credentials as
 * the importer expects) or from a file in the feed storage
 * folder, then decompressed (gzip, or the first matching entry of a zip) within bounds on
 * the uncompressed size and the compression ratio. Nothing is ever held whole in memory.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { LookupFunction } from 'node:net';
import https from 'node:https';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import type { FeedCompression } from '@koopjesland/shared/entities';
import { ForbiddenHost, resolvePublicAddress, UnknownHost, type CheckedAddress } from './network-guard';
import { realFeedFile } from './storage-path';
import type { ImporterDefinition, RunNote } from './types';

/** A failure that ends the whole run, with a reason fit to show an admin. */
export class FeedFailure extends Error {}

export interface SourceLimits {
  /** The whole download. */
  timeoutMs: number;
  /** Until the connection to the feed host is open. */
  connectTimeoutMs: number;
  /** Between two reads once connected. */
  readTimeoutMs: number;
  maxRedirects: number;
  /** Bytes accepted from the network or the file before decompression. */
  maxDownloadBytes: number;
  maxUncompressedBytes: number;
  /** Uncompressed bytes per compressed byte, checked once past the first megabyte. */
  maxCompressionRatio: number;
}

export const DEFAULT_LIMITS: SourceLimits = {
  timeoutMs: 10 * 60_000,
  connectTimeoutMs: 15_000,
  readTimeoutMs: 60_000,
  maxRedirects: 5,
  maxDownloadBytes: 2 * 1024 ** 3,
  maxUncompressedBytes: 8 * 1024 ** 3,
  maxCompressionRatio: 100,
};

export interface SourceRequest {
  url: string | null;
  /** Path of the file inside the storage folder (used when there is no URL), in the store's folder. */
  path: string;
  storageDir: string;
  /** The slug of the feed's store: its files live in `<storageDir>/<storeSlug>/` (storage-path.ts). */
  storeSlug: string;
  compression: FeedCompression;
  credentials: Record<string, string> | null;
  credentialStyle: ImporterDefinition['credentialStyle'];
  /** Zip: a regular expression the entry name must match (first match wins). */
  zipEntry?: string;
  limits: SourceLimits;
  /** Hosts fetched whatever their address (FEED_ALLOWED_HOSTS); every other host must be public. */
  allowedHosts: readonly string[];
  signal: AbortSignal;
}

export interface FeedSource {
  /** Decompressed bytes of the feed. */
  stream: Readable;
  /** Size of the download or file when known. */
  bytesTotal: number | null;
  /** Bytes read so far from the download or file (before decompression). */
  bytesRead(): number;
  close(): Promise<void>;
  /** What the run notes about the file (compressed otherwise than the feed says). */
  notes: RunNote[];
}

/** A compression the first bytes of a file show, whatever the feed's setting says. */
export function compressionOfBytes(head: Buffer): FeedCompression | 'bzip2' {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x504b0304) return 'zip';
  if (head.length >= 3 && head.subarray(0, 3).toString('latin1') === 'BZh') return 'bzip2';
  return 'none';
}

export const BZIP2_REASON = 'The file is bzip2-compressed, which cannot be read: deliver it uncompressed, or gzip- or zip-compressed';

/** The first bytes of a stream, left in it for whoever reads it next (none when it ends at once). */
function peek(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (head: Buffer) => {
      stream.off('readable', onReadable).off('end', onEnd).off('error', reject);
      resolve(head);
    };
    const onReadable = () => {
      const chunk = stream.read() as Buffer | null;
      if (chunk === null) return;
      stream.unshift(chunk);
      done(chunk);
    };
    const onEnd = () => done(Buffer.alloc(0));
    stream.on('readable', onReadable).once('end', onEnd).once('error', reject);
  });
}

async function fileHead(file: string): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Counts bytes passing through and fails past a limit. */
class ByteCounter extends Transform {
  count = 0;
  constructor(
    private readonly limit: number,
    private readonly onLimit: () => string,
    private readonly check?: (count: number) => string | undefined,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.count += chunk.length;
    if (this.count > this.limit) return done(new FeedFailure(this.onLimit()));
    const problem = this.check?.(this.count);
    if (problem) return done(new FeedFailure(problem));
    done(null, chunk);
  }
}

/** The real path of the feed's file in its store's folder; anything else ends the run. */
async function feedFile(request: SourceRequest): Promise<string> {
  const found = await realFeedFile(request.storageDir, request.storeSlug, request.path);
  if ('problem' in found) throw new FeedFailure(found.problem);
  return found.file;
}

function applyCredentials(url: URL, headers: Record<string, string>, request: DownloadRequest) {
  const credentials = request.credentials;
  if (!credentials) return;
  const style = request.credentialStyle ?? 'basic';
  if (credentials.username !== undefined && credentials.password !== undefined && style === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  } else if (credentials.token && style === 'bearer') {
    headers.authorization = `Bearer ${credentials.token}`;
  } else if (typeof style === 'object' && (credentials.token ?? credentials.apiKey)) {
    url.searchParams.set(style.queryParameter, (credentials.token ?? credentials.apiKey)!);
  } else if (credentials.username !== undefined && credentials.password !== undefined) {
    headers.authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  } else if (credentials.token) {
    headers.authorization = `Bearer ${credentials.token}`;
  }
}

/** Turns the address guard's refusals into failures an admin can read. */
async function checkedAddress(url: URL, allowedHosts: readonly string[]): Promise<CheckedAddress> {
  try {
    return await resolvePublicAddress(url.hostname, allowedHosts);
  } catch (error) {
    if (error instanceof ForbiddenHost || error instanceof UnknownHost) throw new FeedFailure(error.message);
    throw error;
  }
}

/**
 * One GET to the checked address (the host name still goes in the Host header and TLS server
 * name). Connect timeout until the socket is open, then a read timeout between bytes.
 */
function get(url: URL, headers: Record<string, string>, target: CheckedAddress, limits: SourceLimits, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    let response: http.IncomingMessage | undefined;
    // Every connection goes to the address that was checked, whatever DNS answers now.
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const request = client.get(url, { headers, signal, agent: false, lookup: pinned });
    const connectTimer = setTimeout(
      () => request.destroy(new FeedFailure(`Connecting to ${url.host} timed out after ${limits.connectTimeoutMs / 1000} s`)),
      limits.connectTimeoutMs,
    );
    request.on('socket', (socket) => {
      socket.once('connect', () => clearTimeout(connectTimer));
      socket.setTimeout(limits.readTimeoutMs, () => {
        const failure = new FeedFailure(`${url.host} sent nothing for ${limits.readTimeoutMs / 1000} s`);
        if (response) response.destroy(failure);
        else request.destroy(failure);
      });
    });
    request.on('response', (answer) => {
      clearTimeout(connectTimer);
      response = answer;
      resolve(answer);
    });
    request.on('error', (error) => {
      clearTimeout(connectTimer);
      reject(error instanceof FeedFailure ? error : new FeedFailure(`Download failed: ${describeNetworkError(error)}`));
    });
  });
}

/** A network error without anything the other side sent. */
function describeNetworkError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (error.name === 'AbortError') return 'cancelled';
  return code ?? error.message;
}

/**
 * One GET of a public http(s) URL within the limits (address guard on every hop, timeouts,
 * redirects, declared size): the feed fetcher's, also used for product images.
 */
/** What a download needs of a request: the address, credentials, limits and hosts. */
export type DownloadRequest = Pick<SourceRequest, 'url' | 'credentials' | 'credentialStyle' | 'limits' | 'allowedHosts' | 'signal'>;

export async function download(request: DownloadRequest): Promise<{ body: Readable; size: number | null; gzipped: boolean }> {
  let url = new URL(request.url!);
  // No compressed transfer asked for: the size and compression-ratio limits then count what the store sends.
  const headers: Record<string, string> = { 'user-agent': 'Koopjesland feed importer', accept: '*/*', 'accept-encoding': 'identity' };
  applyCredentials(url, headers, request);
  const signal = AbortSignal.any([request.signal, AbortSignal.timeout(request.limits.timeoutMs)]);
  for (let hop = 0; hop <= request.limits.maxRedirects; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedFailure(`Unsupported URL scheme ${url.protocol}`);
    // Checked again on every hop: a redirect may point anywhere, and DNS may have changed since the feed was saved.
    const target = await checkedAddress(url, request.allowedHosts);
    const response = await get(url, headers, target, request.limits, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      const next = new URL(location, url);
      // Credentials in headers only follow redirects on the same origin.
      if (next.origin !== url.origin) delete headers.authorization;
      url = next;
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new FeedFailure(`Download failed: HTTP ${status}`);
    }
    const encoding = (response.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (!['identity', 'gzip', 'x-gzip'].includes(encoding)) {
      response.destroy();
      throw new FeedFailure(`Download failed: unsupported content encoding ${encoding.slice(0, 20)}`);
    }
    const length = Number(response.headers['content-length']);
    if (length > request.limits.maxDownloadBytes) {
      response.destroy();
      throw new FeedFailure('The download is larger than the size limit');
    }
    return { body: response, size: Number.isFinite(length) && length > 0 ? length : null, gzipped: encoding !== 'identity' };
  }
  throw new FeedFailure(`Too many redirects (more than ${request.limits.maxRedirects})`);
}

function openZipEntry(file: string, request: SourceRequest, compressedBytes: () => number): Promise<Readable> {
  const pattern = request.zipEntry ? new RegExp(request.zipEntry, 'i') : null;
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(new FeedFailure(`Not a readable zip file: ${error?.message ?? 'unknown'}`));
      let found = false;
      zip.on('error', (e: Error) => reject(new FeedFailure(`Not a readable zip file: ${e.message}`)));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/') || (pattern && !pattern.test(entry.fileName))) return zip.readEntry();
        found = true;
        const { maxUncompressedBytes, maxCompressionRatio } = request.limits;
        if (entry.uncompressedSize > maxUncompressedBytes) {
          zip.close();
          return reject(new FeedFailure('The zip entry is larger than the maximum uncompressed size'));
        }
        if (entry.compressedSize > 0 && entry.uncompressedSize > 1024 ** 2 && entry.uncompressedSize / entry.compressedSize > maxCompressionRatio) {
          zip.close();
          return reject(new FeedFailure(`The zip entry expands more than ${maxCompressionRatio} times: refused as a zip bomb`));
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(new FeedFailure(`Cannot read zip entry: ${e?.message ?? 'unknown'}`));
          stream.on('end', () => zip.close());
          resolve(stream);
        });
      });
      zip.on('end', () => {
        if (!found) reject(new FeedFailure('The zip file holds no matching entry'));
      });
      void compressedBytes;
      zip.readEntry();
    });
  });
}

export async function openFeedSource(request: SourceRequest): Promise<FeedSource> {
  const { limits } = request;
  const raw = new ByteCounter(limits.maxDownloadBytes, () => 'The feed is larger than the size limit');
  let tempFile: string | null = null;
  /** The stored file read (no URL), symbolic links resolved. */
  let storedFile: string | null = null;
  let bytesTotal: number | null = null;
  let input: Readable;
  /** The file's bytes as stored: the download with any transfer compression undone, or the file. */
  let stored: Transform;
  let head: Buffer;
  const output = new PassThrough({ highWaterMark: 256 * 1024 });
  const fail = (error: unknown) => output.destroy(error instanceof FeedFailure ? error : new FeedFailure(describeStreamError(error)));
  if (request.url) {
    const { body, size, gzipped } = await download(request);
    bytesTotal = size;
    input = body;
    // A host that gzips its answer anyway: undone first, within the same limits (the ratio
    // check below counts the bytes received).
    stored = gzipped ? zlib.createGunzip() : new PassThrough();
    pipeline(input, raw, stored).catch(fail);
    head = await peek(stored).catch((error: unknown) => {
      throw error instanceof FeedFailure ? error : new FeedFailure(describeStreamError(error));
    });
  } else {
    const file = (storedFile = await feedFile(request));
    const stat = await fsp.stat(file).catch(() => null);
    if (!stat?.isFile()) throw new FeedFailure(`Feed file not found: ${request.path}`);
    bytesTotal = stat.size;
    head = await fileHead(file);
    input = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
    stored = input.pipe(raw);
    input.on('error', (error) => raw.destroy(error));
  }
  // The file's first bytes say how it is compressed; the feed's setting is only what someone believed.
  const found = compressionOfBytes(head);
  const notes: RunNote[] = [];
  if (found === 'bzip2') {
    input.destroy();
    throw new FeedFailure(BZIP2_REASON);
  }
  const compression: FeedCompression = found;
  if (head.length > 0 && found !== request.compression) notes.push({ reason: 'compression-detected', value: found });

  const ratioCheck = (count: number) =>
    count > 1024 ** 2 && count / Math.max(raw.count, 1) > limits.maxCompressionRatio
      ? `The feed expands more than ${limits.maxCompressionRatio} times when decompressed: refused as a compression bomb`
      : undefined;
  const uncompressed = new ByteCounter(
    limits.maxUncompressedBytes,
    () => 'The decompressed feed is larger than the maximum uncompressed size',
    ratioCheck,
  );
  if (compression === 'zip') {
    // A zip is read from its central directory at the end: a download goes to a temporary file first.
    let file: string;
    if (request.url) {
      tempFile = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'feed-')), 'feed.zip');
      const written = new ByteCounter(limits.maxUncompressedBytes, () => 'The decompressed feed is larger than the maximum uncompressed size');
      await pipeline(stored, written, fs.createWriteStream(tempFile), { signal: request.signal }).catch((error) => {
        throw error instanceof FeedFailure ? error : new FeedFailure(describeStreamError(error));
      });
      file = tempFile;
    } else {
      input.destroy();
      file = storedFile!;
      raw.count = bytesTotal ?? 0;
    }
    const entry = await openZipEntry(file, request, () => raw.count);
    pipeline(entry, uncompressed, output).catch(fail);
  } else if (compression === 'gzip') {
    pipeline(stored, zlib.createGunzip(), uncompressed, output).catch(fail);
  } else {
    pipeline(stored, uncompressed, output).catch(fail);
  }

  return {
    stream: output,
    bytesTotal,
    bytesRead: () => raw.count,
    close: async () => {
      output.destroy();
      input.destroy();
      if (tempFile) await fsp.rm(path.dirname(tempFile), { recursive: true, force: true });
    },
    notes,
  };
}

export function describeStreamError(error: unknown): string {
  const err = error as NodeJS.ErrnoException;
  if (err?.code === 'Z_DATA_ERROR' || err?.code === 'Z_BUF_ERROR') return `The gzip data is corrupt or truncated (${err.message})`;
  if (err?.name === 'AbortError') return 'Cancelled';
  return `Reading the feed failed: ${err?.message ?? String(error)}`;
}
