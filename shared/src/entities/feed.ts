import { z } from 'zod';
import { id, isoDateTime } from './common';

export const FEED_IMPORTERS = [
  'tradetracker',
  'awin',
  'daisycon',
  'bol',
  'gameresource',
  'koopjesland',
  'tradedoubler',
] as const;
export const feedImporterSchema = z.enum(FEED_IMPORTERS);
export type FeedImporter = z.infer<typeof feedImporterSchema>;

export const FEED_COMPRESSIONS = ['none', 'gzip', 'zip'] as const;
export const feedCompressionSchema = z.enum(FEED_COMPRESSIONS);
export type FeedCompression = z.infer<typeof feedCompressionSchema>;

/** The fields an importer maps a record onto; a feed's `parameters.fieldMap` may name their source keys. */
// prettier-ignore
export const FEED_CANONICAL_FIELDS = [
  // what the offer is
  'externalId', 'gtin', 'name', 'description', 'brand', 'images', 'categoryPath',
  // what it costs and where it is bought
  'price', 'currency', 'shipping', 'deliveryTime', 'url',
  // the price the store says it charged before ("from", "was"); kept only when its history confirms it
  'fromPrice',
] as const;
export type FeedCanonicalField = (typeof FEED_CANONICAL_FIELDS)[number];

export const FEED_FORMATS = ['xml', 'csv', 'json'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

const sourceKeys = z.union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).max(10)]);

/**
 * What a feed's `parameters` may set, all optional (docs/feeds.md), and nothing else: the API
 * refuses an unknown key (a misspelt one would otherwise be stored and silently have no effect).
 * The importers read stored rows with it too, ignoring keys written before it was strict.
 */
export const feedParametersSchema = z.strictObject({
  format: z.enum(FEED_FORMATS).optional(),
  delimiter: z.string().length(1).optional(),
  encoding: z.enum(['utf8', 'latin1']).optional(),
  recordElement: z.string().regex(/^[A-Za-z_][\w.-]*$/).optional(),
  zipEntry: z.string().max(200).optional(),
  intervalHours: z.number().positive().max(24 * 30).optional(),
  /** Schedule as a cron expression (minute hour day-of-month month day-of-week, server time); wins over intervalHours. */
  cron: z
    .string()
    .max(100)
    .regex(/^\s*[\d*,/-]+(\s+[\d*,/-]+){4}\s*$/, 'Expected a cron expression of five fields, e.g. "0 */6 * * *"')
    .optional(),
  maxInvalidRatio: z.number().min(0).max(1).optional(),
  /** Collapse guard: the share of the feed's current offers a run may expire before it is held (default 0.5). */
  maxExpireRatio: z.number().min(0).max(1).optional(),
  /** Implausible prices: a total below this share of the median of the product's other offers is held (default 1/3). */
  implausibleBelow: z.number().min(0).max(1).optional(),
  /** Implausible prices: a total above this multiple of that median is held (default 3). */
  implausibleAbove: z.number().min(1).max(1000).optional(),
  fieldMap: z.partialRecord(z.enum(FEED_CANONICAL_FIELDS), sourceKeys).optional(),
});
export type FeedParameters = z.infer<typeof feedParametersSchema>;

export const FEED_RUN_TRIGGERS = ['manual', 'schedule', 'cli', 'demo'] as const;
export type FeedRunTrigger = (typeof FEED_RUN_TRIGGERS)[number];

/** 'held': stopped by the collapse guard until someone applies or discards it. */
export const FEED_RUN_STATUSES = ['queued', 'running', 'held', 'succeeded', 'failed', 'cancelled', 'discarded'] as const;
export const feedRunStatusSchema = z.enum(FEED_RUN_STATUSES);
export type FeedRunStatus = z.infer<typeof feedRunStatusSchema>;

export const feedRecordErrorSchema = z.object({
  /** Line (CSV/TSV) or element (XML/JSON) number of the record, 1-based. */
  position: z.number().int(),
  reason: z.string(),
});
export type FeedRecordError = z.infer<typeof feedRecordErrorSchema>;

export const FEED_RUN_PHASES = ['downloading', 'parsing', 'matching', 'applying'] as const;
export type FeedRunPhase = (typeof FEED_RUN_PHASES)[number];

/** Stable codes of record problems; the admin translates them. */
export const FEED_PROBLEM_REASONS = [
  'missing-name',
  'invalid-link',
  'missing-price',
  'price-out-of-range',
  'unknown-currency',
  'bad-gtin',
  'no-identifier',
  'field-too-large',
  'unparseable-line',
  'duplicate-product',
  'no-matching-product',
  'skipped',
  'implausible-price',
  /** A "from" price the store did not charge in the last 30 days: dropped, the offer itself is kept. */
  'unverified-from-price',
  /** Notes on the file as a whole (position 0): not valid UTF-8, read as Windows-1252. */
  'encoding-guessed',
  /** Compressed otherwise than the feed's setting says (or not at all): read as its bytes say. */
  'compression-detected',
] as const;
export type FeedProblemReason = (typeof FEED_PROBLEM_REASONS)[number];

export const feedProblemExampleSchema = z.object({
  /** Line (CSV/TSV) or record (XML/JSON) number, 1-based. */
  position: z.number().int(),
  /** The offending value as written in the feed, when there is one. */
  value: z.string().nullable(),
});
export const feedProblemGroupSchema = z.object({
  reason: z.enum(FEED_PROBLEM_REASONS),
  count: z.number().int(),
  examples: z.array(feedProblemExampleSchema),
});
export type FeedProblemGroup = z.infer<typeof feedProblemGroupSchema>;

export const FEED_RUN_CHANGE_KINDS = ['new', 'removed', 'changed'] as const;
export type FeedRunChangeKind = (typeof FEED_RUN_CHANGE_KINDS)[number];

export const feedRunChangeSchema = z.object({
  kind: z.enum(FEED_RUN_CHANGE_KINDS),
  priceId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  oldTotal: z.number().int().nullable(),
  newTotal: z.number().int().nullable(),
  change: z.number().int().nullable(),
});
export type FeedRunChange = z.infer<typeof feedRunChangeSchema>;

export const feedRunSchema = z.object({
  id,
  feedId: z.number().int(),
  status: feedRunStatusSchema,
  trigger: z.string(),
  phase: z.enum(FEED_RUN_PHASES).nullable(),
  startedAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
  durationMs: z.number().int().nullable(),
  recordsPerSecond: z.number(),
  productsMatched: z.number().int(),
  heldReason: z.string().nullable(),
  bytesRead: z.number().int(),
  bytesTotal: z.number().int().nullable(),
  recordsRead: z.number().int(),
  offersCreated: z.number().int(),
  offersUpdated: z.number().int(),
  offersUnchanged: z.number().int(),
  offersExpired: z.number().int(),
  recordsRejected: z.number().int(),
  productsCreated: z.number().int(),
  errorSample: z.array(feedRecordErrorSchema),
  failureReason: z.string().nullable(),
  createdAt: isoDateTime,
});
export type FeedRun = z.infer<typeof feedRunSchema>;

/** Credentials are write-only: a read says only whether some are stored. */
export const storeFeedSchema = z.object({
  id,
  storeId: z.number().int(),
  name: z.string(),
  importer: feedImporterSchema,
  url: z.string().nullable(),
  path: z.string(),
  compression: feedCompressionSchema,
  parameters: z.record(z.string(), z.unknown()),
  allowCreateProducts: z.boolean(),
  hasCredentials: z.boolean(),
  isActive: z.boolean(),
  /** Current offers that came from this feed. */
  offerCount: z.number().int().optional(),
  /** When the scheduler starts it next (null when inactive). */
  nextRunAt: isoDateTime.nullable().optional(),
  lastRun: feedRunSchema.nullable().optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type StoreFeed = z.infer<typeof storeFeedSchema>;
