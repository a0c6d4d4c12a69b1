/**
 * Feed runs: request (one queued/running run per feed, 409 otherwise), execute (stream →
 * normalise → stage in batches → apply in one transaction), cancel, and reap runs whose
 * process died. Run bookkeeping is written outside the data transaction so it survives a
 * failure; a failed or cancelled run leaves the catalog exactly as it was.
 */
import type { FastifyInstance } from 'fastify';
import { conflict } from '../../http/errors';
import { importers, readFeedRecords, readParameters } from '../../importers';
import { DEFAULT_LIMITS, describeStreamError, FeedFailure, openFeedSource, type SourceLimits } from '../../importers/source';
import type { NormalisedOffer } from '../../importers/types';
import { applyStagedRun } from './apply';
import {
  cancelQueuedRun,
  claimQueuedRun,
  dropStaging,
  findFeed,
  findRun,
  finishRun,
  insertQueuedRun,
  isCancelRequested,
  reapRuns,
  recordProgress,
  requestCancelOfRunningRun,
  stageBatch,
  touchRun,
  type FeedRunRow,
  type RunTrigger,
} from './repository';

export type { FeedRunRow, RunTrigger };

const BATCH_SIZE = 2_000;
const ERROR_SAMPLE_SIZE = 50;
const PROGRESS_INTERVAL_MS = 1_000;
/** Default share of invalid records above which a run fails instead of applying. */
const DEFAULT_MAX_INVALID_RATIO = 0.25;

export interface RunProgress {
  recordsRead: number;
  bytesRead: number;
  bytesTotal: number | null;
}

export interface RunOptions {
  limits?: Partial<SourceLimits>;
  onProgress?: (progress: RunProgress) => void;
}

/** Runs executing in this process, so tests and the CLI can await them and cancel reaches them at once. */
const active = new Map<number, { controller: AbortController; done: Promise<FeedRunRow> }>();

export function whenRunFinished(runId: number): Promise<FeedRunRow> | undefined {
  return active.get(runId)?.done;
}

export function activeRunCount(): number {
  return active.size;
}

/** Cancels this process's runs and waits for them to record their end (server shutdown). */
export async function stopActiveRuns(): Promise<void> {
  const runs = [...active.values()];
  for (const run of runs) run.controller.abort();
  await Promise.allSettled(runs.map((run) => run.done));
}

/** Queues a run of the feed; 409 when one is already queued or running. */
export async function createRun(app: FastifyInstance, feedId: number, trigger: RunTrigger): Promise<FeedRunRow> {
  const run = await insertQueuedRun(app.db, feedId, trigger);
  if (!run) throw conflict('A run of this feed is already going');
  return run;
}

/** Queues a run and starts it in the background; answers with the queued run. */
export async function startRun(app: FastifyInstance, feedId: number, trigger: RunTrigger, options: RunOptions = {}) {
  const run = await createRun(app, feedId, trigger);
  const controller = new AbortController();
  const done = executeRun(app, run.id, controller.signal, options)
    .catch((error: unknown) => {
      // Only the bookkeeping itself can fail here (database gone): report, never crash.
      app.log.error({ err: error, runId: run.id }, 'feed run bookkeeping failed');
      return run;
    })
    .finally(() => active.delete(run.id));
  active.set(run.id, { controller, done });
  return run;
}

/** Cancels a queued run at once, a running one at its next batch. */
export async function cancelRun(app: FastifyInstance, runId: number): Promise<FeedRunRow | undefined> {
  const queued = await cancelQueuedRun(app.db, runId);
  if (queued) return queued;
  const running = await requestCancelOfRunningRun(app.db, runId);
  if (running) active.get(runId)?.controller.abort();
  return running;
}

/**
 * Marks runs failed whose process stopped: on PGlite (one process) every unfinished run at
 * start; on PostgreSQL those whose heartbeat went quiet, since other instances may be running.
 */
export function reapInterruptedRuns(app: FastifyInstance, everything: boolean): Promise<number> {
  return reapRuns(app.db, everything);
}

interface Counters {
  recordsRead: number;
  invalid: number;
  rejected: number;
  errorSample: { position: number; reason: string }[];
}

function noteRejection(counters: Counters, position: number, reason: string) {
  counters.rejected++;
  if (counters.errorSample.length < ERROR_SAMPLE_SIZE) counters.errorSample.push({ position, reason });
}

/** Executes a queued run to its end; never throws: the outcome is in the returned run. */
export async function executeRun(
  app: FastifyInstance,
  runId: number,
  signal: AbortSignal = new AbortController().signal,
  options: RunOptions = {},
): Promise<FeedRunRow> {
  const run = await claimQueuedRun(app.db, runId);
  if (!run) return (await findRun(app.db, runId))!;
  const counters: Counters = { recordsRead: 0, invalid: 0, rejected: 0, errorSample: [] };
  let bytesRead = () => 0;
  let bytesTotal: number | null = null;
  let cancelled = false;
  let closeSource = async () => undefined as void;
  const heartbeat = setInterval(() => {
    void touchRun(app.db, runId).catch(() => undefined);
  }, 15_000);
  heartbeat.unref();
  try {
    const feed = await findFeed(app.db, run.feedId);
    if (!feed) throw new FeedFailure('The feed no longer exists');
    const importer = feed.importer;
    if (!importers[importer]) throw new FeedFailure(`Unknown importer ${feed.importer}`);
    const parameters = readParameters(feed.parameters);
    const source = await openFeedSource({
      url: feed.url,
      path: feed.path,
      storageDir: app.config.feedStorageDir,
      compression: feed.compression,
      credentials: feed.credentials ?? null,
      credentialStyle: importers[importer].credentialStyle,
      zipEntry: parameters.zipEntry,
      limits: { ...DEFAULT_LIMITS, ...options.limits },
      signal,
    });
    closeSource = source.close;
    bytesRead = source.bytesRead;
    bytesTotal = source.bytesTotal;

    let batch: NormalisedOffer[] = [];
    let lastProgress = Date.now();
    const maxInvalidRatio = parameters.maxInvalidRatio ?? DEFAULT_MAX_INVALID_RATIO;
    const tooManyInvalid = () =>
      counters.invalid > 0 && counters.invalid / counters.recordsRead > maxInvalidRatio;

    const flush = async () => {
      if (batch.length) await stageBatch(app.db, runId, batch);
      batch = [];
      if (Date.now() - lastProgress < PROGRESS_INTERVAL_MS) return;
      lastProgress = Date.now();
      const cancelAsked = await recordProgress(app.db, runId, {
        recordsRead: counters.recordsRead,
        recordsRejected: counters.rejected,
        bytesRead: bytesRead(),
        bytesTotal,
      });
      if (cancelAsked) cancelled = true;
      options.onProgress?.({ recordsRead: counters.recordsRead, bytesRead: bytesRead(), bytesTotal });
    };

    for await (const item of readFeedRecords(importer, source.stream, parameters)) {
      if (signal.aborted || cancelled) {
        cancelled = true;
        break;
      }
      counters.recordsRead++;
      if ('offer' in item) {
        batch.push(item.offer);
        if (batch.length >= BATCH_SIZE) {
          await flush();
          if (counters.recordsRead >= 1_000 && tooManyInvalid()) break;
        }
      } else {
        if (!item.skipped) counters.invalid++;
        noteRejection(counters, item.position, item.error);
      }
    }
    await closeSource();
    if (cancelled || signal.aborted) throw new FeedFailure('Cancelled');
    if (counters.recordsRead === 0) throw new FeedFailure('The feed holds no records: nothing was changed');
    if (tooManyInvalid()) {
      throw new FeedFailure(
        `Too many invalid records: ${counters.invalid} of ${counters.recordsRead} (more than ${Math.round(maxInvalidRatio * 100)}%)`,
      );
    }
    await flush();
    options.onProgress?.({ recordsRead: counters.recordsRead, bytesRead: bytesRead(), bytesTotal });
    await recordProgress(app.db, runId, { recordsRead: counters.recordsRead, bytesRead: bytesRead() });
    if ((await isCancelRequested(app.db, runId)) || signal.aborted) throw new FeedFailure('Cancelled');

    const result = await applyStagedRun(app.db, {
      runId,
      feedId: feed.id,
      storeId: feed.storeId,
      allowCreateProducts: feed.allowCreateProducts,
    });
    for (const r of result.rejected) noteRejection(counters, r.position, r.reason);
    return await finishRun(app.db, runId, {
      status: 'succeeded',
      recordsRead: counters.recordsRead,
      bytesRead: bytesRead(),
      bytesTotal: bytesTotal ?? bytesRead(),
      offersCreated: result.offersCreated,
      offersUpdated: result.offersUpdated,
      offersUnchanged: result.offersUnchanged,
      offersExpired: result.offersExpired,
      productsCreated: result.productsCreated,
      recordsRejected: counters.rejected,
      errorSample: counters.errorSample,
    });
  } catch (error) {
    await closeSource().catch(() => undefined);
    await dropStaging(app.db, runId).catch(() => undefined);
    const isCancel = cancelled || signal.aborted || (error instanceof FeedFailure && error.message === 'Cancelled');
    if (!(error instanceof FeedFailure)) app.log.error({ err: error, runId }, 'feed run failed');
    return finishRun(app.db, runId, {
      status: isCancel ? 'cancelled' : 'failed',
      failureReason: isCancel
        ? 'Cancelled'
        : error instanceof FeedFailure
          ? error.message
          : (error as NodeJS.ErrnoException)?.code?.startsWith('Z_')
            ? describeStreamError(error)
            : `Import failed: ${(error as Error).message}`,
      recordsRead: counters.recordsRead,
      recordsRejected: counters.rejected,
      bytesRead: bytesRead(),
      bytesTotal,
      errorSample: counters.errorSample,
    });
  } finally {
    clearInterval(heartbeat);
  }
}
