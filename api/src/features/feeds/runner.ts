/**
 * Feed runs: request (one queued/running run per feed, 409 otherwise), execute (stream →
 * normalise → stage in batches → apply in one transaction), cancel, and reap runs whose
 * process died. Run bookkeeping is written outside the data transaction so it survives a
 * failure; a failed or cancelled run leaves the catalog exactly as it was.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { writeAuditRecords } from '../audit/records';
import { conflict } from '../../http/errors';
import { importers, readFeedBatches, readParameters } from '../../importers';
import { DEFAULT_LIMITS, describeStreamError, FeedFailure, openFeedSource, type SourceLimits } from '../../importers/source';
import { offerFingerprint } from '../../importers/fingerprint';
import type { NormalisedOffer, RunNote } from '../../importers/types';
import { wakeImageCopier } from '../image-copies/worker';
import type { FeedProblemGroup } from '@koopjesland/shared/entities';
import { ApplyTimedOut, applyStagedRun, currentOfferCount, matchStagedRun, RunHeld, type ApplyResult, type ApplyTarget } from './apply';
import { runPriceAlerts } from '../price-alerts/alerts';
import { ProblemLog } from './problems';
import { lockFeedRun } from './run-lock';
import { dropRunStaging, hasRunStagedRows } from '../../db/run-staging';
import { profiled, timed, type RunProfile } from './profile';
import {
  cancelQueuedRun,
  claimQueuedRun,
  claimHeldRun,
  discardHeldRuns,
  findFeed,
  storeSlugOf,
  findRun,
  finishRun,
  insertQueuedRun,
  isCancelRequested,
  reapOrphanedRuns,
  failStoppedRun,
  recordProgress,
  requeueRun,
  requestCancelOfRunningRun,
  openStaging,
  touchRun,
  type FeedRunRow,
  type RunTrigger,
} from './repository';
import { loadCarriedOffers } from './carried-offers';

export type { FeedRunRow, RunTrigger };

/**
 * Records staged per COPY write. Small on purpose: a batch lives from its first record to its
 * write, and a large one outlives the young generation's collections, so every record is
 * promoted to the old generation as garbage: peak memory grows and reading slows with those
 * collections (figures: docs/benchmarks.md "Feed import").
 */
const BATCH_SIZE = 500;
const ERROR_SAMPLE_SIZE = 50;
const PROGRESS_INTERVAL_MS = 1_000;
/** Default share of invalid records above which a run fails instead of applying. */
const DEFAULT_MAX_INVALID_RATIO = 0.25;
/** Default share of a feed's current offers a run may expire before the collapse guard holds it. */
export const DEFAULT_MAX_EXPIRE_RATIO = 0.5;
export const EMPTY_FEED_REASON = 'The feed holds no records';
export const STAGED_ROWS_LOST_REASON = "The held run's records are gone (the database restarted); run the feed again";

export interface RunProgress {
  recordsRead: number;
  bytesRead: number;
  bytesTotal: number | null;
}

export interface RunOptions {
  limits?: Partial<SourceLimits>;
  onProgress?: (progress: RunProgress) => void;
  /** Filled with the time each phase took (the import benchmark prints it). */
  profile?: RunProfile;
}

/** Runs executing in this process, so tests and the CLI can await them and cancel reaches them at once. */
const active = new Map<number, { controller: AbortController; done: Promise<FeedRunRow> }>();
/**
 * Runs this process queued for its own worker: their end, across download retries. An entry
 * stays after the end (a caller may ask after a quick run ended) until the oldest are let go.
 */
const awaited = new Map<number, { promise: Promise<FeedRunRow>; resolve: (run: FeedRunRow) => void }>();
const KEPT = 500;

const isOver = (run: FeedRunRow) => run.status !== 'queued' && run.status !== 'running';

/**
 * The end of a run executing in this process, or queued by this process while it has a worker
 * of its own; undefined for a run this process knows nothing of (the caller reads the record).
 */
export function whenRunFinished(runId: number): Promise<FeedRunRow> | undefined {
  return awaited.get(runId)?.promise ?? active.get(runId)?.done;
}

/** Notes a queued run this process's own worker is likely to execute, so whenRunFinished can wait for it. */
export function expectRun(runId: number): void {
  let resolve!: (run: FeedRunRow) => void;
  const promise = new Promise<FeedRunRow>((r) => (resolve = r));
  // A new run of this id (another database, in tests) replaces the entry of an old one.
  awaited.delete(runId);
  awaited.set(runId, { promise, resolve });
  // Another worker may take it: the oldest entries are let go rather than kept forever.
  if (awaited.size > KEPT) awaited.delete(awaited.keys().next().value!);
}

function settle(run: FeedRunRow | undefined) {
  if (run && isOver(run)) awaited.get(run.id)?.resolve(run);
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

/** Queues a run of the feed; 409 when one is already queued or running. A held run of the feed is discarded. */
export async function createRun(app: FastifyInstance, feedId: number, trigger: RunTrigger): Promise<FeedRunRow> {
  const run = await insertQueuedRun(app.db, feedId, trigger);
  if (!run) throw conflict('A run of this feed is already going');
  await discardHeldRuns(app.db, feedId);
  return run;
}

/**
 * Queues a run as a job for the import workers (Run now): the run record and its job are
 * written in one transaction, so neither exists without the other. 409 when the feed already
 * has a run queued or running, here or on any other instance.
 */
export async function requestRun(app: FastifyInstance, feedId: number, trigger: RunTrigger): Promise<FeedRunRow> {
  await app.feedQueue.start();
  const run = await app.db.transaction(async (tx) => {
    const queued = await insertQueuedRun(tx as unknown as Database, feedId, trigger);
    if (queued) await app.feedQueue.send(queued.id, tx as unknown as Database);
    return queued;
  });
  if (!run) throw conflict('A run of this feed is already going');
  if (app.feedQueue.hasLocalWorker()) expectRun(run.id);
  app.feedQueue.notify();
  await discardHeldRuns(app.db, feedId);
  return run;
}

/** Queues a run and executes it in this process, outside the queue (CLI, tests); answers with the queued run. */
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

/**
 * Failures of the download itself (the network, the store's server), worth another try; a
 * file that cannot be read as its format says is not.
 */
export function isDownloadFailure(reason: string | null): boolean {
  if (!reason) return false;
  if (/^Download failed: HTTP /.test(reason)) return /^Download failed: HTTP (5\d\d|408|429)\b/.test(reason);
  return /^(Download failed: (?!unsupported content encoding)|Connecting to .+ timed out|Reading the feed failed: )/.test(reason) || / sent nothing for \d/.test(reason);
}

/**
 * A worker's part (the queue's job handler): executes a queued run here and answers it. While
 * `retry` allows (tries remain), a failed download, or a run this process stopped for its own
 * shutdown, goes back to `queued` and the caller fails the job so the queue tries again after
 * a back-off; on the last try, a run the shutdown stopped ends failed, interrupted. A run that
 * is no longer queued (cancelled, reaped, done) is left as it is. `stopping` is the worker's
 * own: aborted, it stops the run as the process's shutdown does, even one that starts after.
 */
export async function runQueuedRun(
  app: FastifyInstance,
  runId: number,
  options: { retry: boolean; stopping: AbortSignal },
): Promise<FeedRunRow | undefined> {
  const queued = await findRun(app.db, runId);
  if (!queued || queued.status !== 'queued') {
    settle(queued);
    return queued;
  }
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (options.stopping.aborted) stop();
  else options.stopping.addEventListener('abort', stop, { once: true });
  const done = (async () => {
    let run = await executeRun(app, runId, controller.signal);
    if (options.retry && run.status === 'failed' && isDownloadFailure(run.failureReason)) {
      run = (await requeueRun(app.db, runId, `${run.failureReason} (trying again)`, 'failed')) ?? run;
    } else if (run.status === 'cancelled' && !run.cancelRequested) {
      // Stopped by this process's shutdown, not by a person: another try, or a failure that says why.
      run = options.retry
        ? ((await requeueRun(app.db, runId, 'Interrupted: the worker stopped; queued again', 'cancelled')) ?? run)
        : ((await failStoppedRun(app.db, runId, INTERRUPTED_REASON)) ?? run);
    }
    return run;
  })();
  active.set(runId, { controller, done });
  try {
    const run = await done;
    settle(run);
    return run;
  } finally {
    active.delete(runId);
    options.stopping.removeEventListener('abort', stop);
  }
}

/** Cancels a queued run at once, a running one at its next batch (in whichever process runs it). */
export async function cancelRun(app: FastifyInstance, runId: number): Promise<FeedRunRow | undefined> {
  const queued = await cancelQueuedRun(app.db, runId);
  if (queued) {
    settle(queued);
    return queued;
  }
  const running = await requestCancelOfRunningRun(app.db, runId);
  if (running) active.get(runId)?.controller.abort();
  return running;
}

export const INTERRUPTED_REASON = 'Interrupted: the worker stopped during the run';

/**
 * Marks runs failed whose process died mid-run (no process holds their feed's run lock) and
 * drops their staged rows; the live offers stay those of the feed's last good run.
 */
export async function reapInterruptedRuns(app: FastifyInstance): Promise<number> {
  return (await reapOrphanedRuns(app.db, INTERRUPTED_REASON)).length;
}

interface Counters {
  recordsRead: number;
  invalid: number;
  rejected: number;
  errorSample: { position: number; reason: string }[];
  problems: ProblemLog;
}

function noteRejection(counters: Counters, position: number, reason: string) {
  counters.rejected++;
  if (counters.errorSample.length < ERROR_SAMPLE_SIZE) counters.errorSample.push({ position, reason });
}

function noteApplyRejections(counters: Counters, result: ApplyResult) {
  for (const h of result.held) counters.problems.add('implausible-price', h.position, h.value);
  for (const r of result.rejected) {
    noteRejection(counters, r.position, r.reason);
    counters.problems.add(r.code, r.position, r.value);
  }
  for (const d of result.fromPricesDropped) counters.problems.add('unverified-from-price', d.position, d.value);
}

function countsOf(result: ApplyResult) {
  const { rejected: _rejected, held: _held, fromPricesDropped: _fromPricesDropped, ...counts } = result;
  return counts;
}

/**
 * Executes a queued run to its end; never throws: the outcome is in the returned run. A run
 * nobody asked for through the API (schedule, CLI, demo) states its outcome in the audit trail
 * itself, without an actor; a manual run was recorded by its request.
 */
export async function executeRun(
  app: FastifyInstance,
  runId: number,
  signal: AbortSignal = new AbortController().signal,
  options: RunOptions = {},
): Promise<FeedRunRow> {
  const queued = await findRun(app.db, runId);
  if (!queued || queued.status !== 'queued') return queued!;
  // The feed's run lock, taken before the run is claimed and let go after its end is recorded:
  // no two processes run one feed at once, and a running run nobody holds the lock of is orphaned.
  const release = await lockFeedRun(app, queued.feedId);
  if (!release) {
    return finishRun(app.db, runId, { status: 'failed', phase: null, failureReason: 'Another run of this feed is going' });
  }
  let run: FeedRunRow;
  try {
    run = await runToEnd(app, runId, signal, options);
  } finally {
    await release();
  }
  // Price alerts after the run's transaction committed; a failing mail server never fails the run.
  if (run.status === 'succeeded') await runPriceAlerts(app);
  if (run.trigger !== 'manual' && run.startedAt) {
    const { status, recordsRead, offersCreated, offersUpdated, offersExpired, recordsRejected } = run;
    await writeAuditRecords(app.db, null, [
      {
        entity: 'feed',
        entityId: run.feedId,
        action: 'feed-run',
        after: { runId, trigger: run.trigger, status, recordsRead, offersCreated, offersUpdated, offersExpired, recordsRejected },
      },
    ]).catch((error: unknown) => app.log.error({ err: error, runId }, 'feed run audit record could not be written'));
  }
  return run;
}

async function runToEnd(
  app: FastifyInstance,
  runId: number,
  signal: AbortSignal,
  options: RunOptions,
): Promise<FeedRunRow> {
  const run = await claimQueuedRun(app.db, runId);
  if (!run) return (await findRun(app.db, runId))!;
  const startedAt = run.startedAt?.getTime() ?? Date.now();
  const counters: Counters = { recordsRead: 0, invalid: 0, rejected: 0, errorSample: [], problems: new ProblemLog() };
  let bytesRead = () => 0;
  let bytesTotal: number | null = null;
  let cancelled = false;
  let closeSource = async () => undefined as void;
  let abortStaging = async () => undefined as void;
  let progressTicker: NodeJS.Timeout | undefined;
  let progressWrite: Promise<void> | null = null;
  /** Stops the progress ticker and waits for a write under way, so it cannot land after the end. */
  const stopProgress = async () => {
    clearInterval(progressTicker);
    await progressWrite;
  };
  const heartbeat = setInterval(() => {
    void touchRun(app.db, runId).catch(() => undefined);
  }, 15_000);
  heartbeat.unref();
  const recordsPerSecond = () => {
    const seconds = (Date.now() - startedAt) / 1000;
    return seconds > 0 ? Math.round((counters.recordsRead / seconds) * 10) / 10 : 0;
  };
  /** Writes the live progress (about once a second); notes a cancel asked for meanwhile. */
  const reportProgress = async (phase: 'downloading' | 'parsing' | 'matching' | 'applying') => {
    const cancelAsked = await recordProgress(app.db, runId, {
      phase,
      recordsRead: counters.recordsRead,
      recordsRejected: counters.rejected,
      recordsPerSecond: recordsPerSecond(),
      bytesRead: bytesRead(),
      bytesTotal,
      problems: counters.problems.list(),
    });
    if (cancelAsked) cancelled = true;
    options.onProgress?.({ recordsRead: counters.recordsRead, bytesRead: bytesRead(), bytesTotal });
  };
  try {
    const feed = await findFeed(app.db, run.feedId);
    if (!feed) throw new FeedFailure('The feed no longer exists');
    const importer = feed.importer;
    if (!importers[importer]) throw new FeedFailure(`Unknown importer ${feed.importer}`);
    const parameters = readParameters(feed.parameters);
    const storeSlug = await storeSlugOf(app.db, feed.storeId);
    if (storeSlug === undefined) throw new FeedFailure('The store no longer exists');
    await reportProgress('downloading');
    const source = await openFeedSource({
      url: feed.url,
      path: feed.path,
      storageDir: app.config.feedStorageDir,
      storeSlug,
      compression: feed.compression,
      credentials: feed.credentials ?? null,
      credentialStyle: importers[importer].credentialStyle,
      zipEntry: parameters.zipEntry,
      limits: { ...DEFAULT_LIMITS, ...options.limits },
      allowedHosts: app.config.feedAllowedHosts,
      signal,
    });
    closeSource = source.close;
    // Notes on the file as a whole sit among the record problems, at position 0.
    const note = ({ reason, value }: RunNote) => counters.problems.add(reason, 0, value);
    source.notes.forEach(note);
    bytesRead = source.bytesRead;
    bytesTotal = source.bytesTotal;

    let batch: NormalisedOffer[] = [];
    let sinceStaged = 0;
    const maxInvalidRatio = parameters.maxInvalidRatio ?? DEFAULT_MAX_INVALID_RATIO;
    const tooManyInvalid = () =>
      counters.invalid > 0 && counters.invalid / counters.recordsRead > maxInvalidRatio;
    const progress = () => reportProgress(counters.recordsRead > 0 ? 'parsing' : 'downloading');
    // Progress goes out once a second whether records arrive or not (a slow download still moves).
    progressTicker = setInterval(() => {
      progressWrite ??= progress()
        .catch(() => undefined)
        .finally(() => {
          progressWrite = null;
        });
    }, PROGRESS_INTERVAL_MS);
    progressTicker.unref();

    const profile = options.profile;
    // The feed's current offers by the store's product id: a record that comes again unchanged
    // is carried (listed, not staged), and only new and changed records are matched and applied.
    const carried = await timed(profile, 'load fingerprints', () => loadCarriedOffers(app.dbHandle, feed.id));
    const readStarted = performance.now();
    let stagingMs = 0;
    const staging = await openStaging(app.dbHandle, runId);
    abortStaging = staging.abort;
    const stage = async (rows: NormalisedOffer[]) => {
      const started = performance.now();
      if (rows.length) await staging.add(rows);
      await staging.listCarried(carried);
      stagingMs += performance.now() - started;
    };
    /** The earliest moment a record's price changes by itself (a sale period starts or ends). */
    let priceChangesAt: number | undefined;
    reading: for await (const items of readFeedBatches(importer, source.stream, parameters, note, carried)) {
      for (const item of items) {
        if (signal.aborted || cancelled) {
          cancelled = true;
          break reading;
        }
        counters.recordsRead++;
        if ('carried' in item || 'offer' in item) {
          if ('offer' in item) {
            const { offer } = item;
            for (const warning of item.warnings) counters.problems.add(warning.reason, item.position, warning.value);
            const changesAt = offer.priceChangesAt;
            if (changesAt && (priceChangesAt === undefined || changesAt < priceChangesAt)) priceChangesAt = changesAt;
            const fingerprint = offerFingerprint(offer);
            if (!carried.carry(offer, fingerprint)) {
              offer.fingerprint = fingerprint;
              // The text alone decides this offer only without a "from" price (checked against the
              // store's recent prices every run) and without a sale period ahead (the time decides).
              if (offer.fromAmount !== null || changesAt !== undefined) delete offer.recordHash;
              batch.push(offer);
            }
          }
          // Every BATCH_SIZE records read, not staged: among carried records a batch would otherwise
          // live ten times as long, long enough for its records to reach the old generation.
          if (++sinceStaged >= BATCH_SIZE) {
            sinceStaged = 0;
            await stage(batch);
            batch = [];
            if (counters.recordsRead >= 1_000 && tooManyInvalid()) break reading;
          }
        } else {
          if (!item.skipped) counters.invalid++;
          noteRejection(counters, item.position, item.error);
          counters.problems.add(item.problem.reason, item.position, item.problem.value);
        }
      }
    }
    await stopProgress();
    await closeSource();
    if (cancelled || signal.aborted) throw new FeedFailure('Cancelled');
    if (tooManyInvalid()) {
      throw new FeedFailure(
        `Too many invalid records: ${counters.invalid} of ${counters.recordsRead} (more than ${Math.round(maxInvalidRatio * 100)}%)`,
      );
    }
    if (batch.length) await stage(batch);
    const finishing = performance.now();
    await staging.finish(carried);
    abortStaging = async () => undefined;
    stagingMs += performance.now() - finishing;
    profile?.add('read and normalise', performance.now() - readStarted - stagingMs);
    profile?.add('stage', stagingMs);
    await progress();
    if ((await isCancelRequested(app.db, runId)) || signal.aborted || cancelled) throw new FeedFailure('Cancelled');

    const target: ApplyTarget = { runId, feedId: feed.id, storeId: feed.storeId, allowCreateProducts: feed.allowCreateProducts };
    const finished = {
      recordsRead: counters.recordsRead,
      bytesRead: bytesRead(),
      bytesTotal: bytesTotal ?? bytesRead(),
      recordsPerSecond: recordsPerSecond(),
      priceChangesAt: priceChangesAt === undefined ? null : new Date(priceChangesAt),
    };
    // Collapse guard, first case: an empty file would expire every offer of the feed.
    if (counters.recordsRead === 0) {
      return await finishRun(app.db, runId, {
        ...finished,
        status: 'held',
        phase: null,
        heldReason: EMPTY_FEED_REASON,
        offersExpired: await currentOfferCount(app.db, feed.id),
      });
    }
    await reportProgress('matching');
    if (cancelled) throw new FeedFailure('Cancelled');
    await timed(profile, 'match', () => matchStagedRun(profiled(app.db, profile, 'match'), target));
    await reportProgress('applying');
    const maxExpireRatio = parameters.maxExpireRatio ?? DEFAULT_MAX_EXPIRE_RATIO;
    let result: ApplyResult;
    try {
      result = await applyStagedRun(app.db, target, { maxExpireRatio, profile, statementTimeoutMs: app.config.feedApplyStatementTimeoutMs });
    } catch (error) {
      if (!(error instanceof RunHeld)) throw error;
      // Collapse guard, second case: the staged rows stay for Apply anyway, which counts the
      // duplicates and unmatched records it drops (they are not in the held run's numbers).
      return await finishRun(app.db, runId, {
        ...finished,
        ...countsOf(error.counts),
        status: 'held',
        phase: null,
        heldReason: error.message,
        recordsRejected: counters.rejected,
        errorSample: counters.errorSample,
        problems: counters.problems.list(),
      });
    }
    noteApplyRejections(counters, result);
    const succeeded = await finishRun(app.db, runId, {
      ...finished,
      ...countsOf(result),
      status: 'succeeded',
      phase: null,
      recordsRejected: counters.rejected,
      errorSample: counters.errorSample,
      problems: counters.problems.list(),
    });
    // The images the run registered are copied to our origin after it, not during it.
    if (app.config.copyImages) void wakeImageCopier(app);
    return succeeded;
  } catch (error) {
    await stopProgress();
    await closeSource().catch(() => undefined);
    await abortStaging().catch(() => undefined);
    await dropRunStaging(app.db, [runId]).catch(() => undefined);
    const isCancel = cancelled || signal.aborted || (error instanceof FeedFailure && error.message === 'Cancelled');
    if (!(error instanceof FeedFailure) || error instanceof ApplyTimedOut) app.log.error({ err: error, runId }, 'feed run failed');
    return finishRun(app.db, runId, {
      status: isCancel ? 'cancelled' : 'failed',
      phase: null,
      failureReason: isCancel
        ? 'Cancelled'
        : error instanceof FeedFailure
          ? error.message
          : (error as NodeJS.ErrnoException)?.code?.startsWith('Z_')
            ? describeStreamError(error)
            : `Import failed: ${(error as Error).message}`,
      recordsRead: counters.recordsRead,
      recordsRejected: counters.rejected,
      recordsPerSecond: recordsPerSecond(),
      bytesRead: bytesRead(),
      bytesTotal,
      errorSample: counters.errorSample,
      problems: counters.problems.list(),
    });
  } finally {
    clearInterval(heartbeat);
    clearInterval(progressTicker);
  }
}

/**
 * Apply anyway: applies a held run's staged records without the collapse guard. Undefined
 * when the run is not held (or another run of its feed is going).
 */
export async function applyHeldRun(app: FastifyInstance, runId: number): Promise<FeedRunRow | undefined> {
  const held = await findRun(app.db, runId);
  if (held?.status !== 'held') return undefined;
  const release = await lockFeedRun(app, held.feedId, 0);
  if (!release) return undefined;
  try {
    return await applyHeldRunLocked(app, runId);
  } finally {
    await release();
  }
}

async function applyHeldRunLocked(app: FastifyInstance, runId: number): Promise<FeedRunRow | undefined> {
  const run = await claimHeldRun(app.db, runId);
  if (!run) return undefined;
  const counters: Counters = {
    recordsRead: run.recordsRead,
    invalid: 0,
    rejected: run.recordsRejected,
    errorSample: [...run.errorSample],
    problems: new ProblemLog(run.problems as FeedProblemGroup[]),
  };
  try {
    const feed = await findFeed(app.db, run.feedId);
    if (!feed) throw new FeedFailure('The feed no longer exists');
    const target: ApplyTarget = { runId, feedId: feed.id, storeId: feed.storeId, allowCreateProducts: feed.allowCreateProducts };
    // The staging table is unlogged (migration 0019): a database crash empties it. Applying a
    // held run without its rows would expire every offer of the feed.
    if (run.offersCreated + run.offersUpdated + run.offersUnchanged > 0 && !(await hasRunStagedRows(app.db, runId))) {
      throw new FeedFailure(STAGED_ROWS_LOST_REASON);
    }
    await recordProgress(app.db, runId, { phase: 'matching' });
    await matchStagedRun(app.db, target);
    await recordProgress(app.db, runId, { phase: 'applying' });
    const result = await applyStagedRun(app.db, target, { maxExpireRatio: null, statementTimeoutMs: app.config.feedApplyStatementTimeoutMs });
    noteApplyRejections(counters, result);
    await runPriceAlerts(app);
    return await finishRun(app.db, runId, {
      ...countsOf(result),
      status: 'succeeded',
      phase: null,
      recordsRejected: counters.rejected,
      errorSample: counters.errorSample,
      problems: counters.problems.list(),
    });
  } catch (error) {
    await dropRunStaging(app.db, [runId]).catch(() => undefined);
    if (!(error instanceof FeedFailure)) app.log.error({ err: error, runId }, 'applying a held run failed');
    return finishRun(app.db, runId, {
      status: 'failed',
      phase: null,
      failureReason: error instanceof FeedFailure ? error.message : `Import failed: ${(error as Error).message}`,
    });
  }
}
