/**
 * The feed form's values and rules (docs/product.md §4 "Feed form modal", §5 "Feed form"):
 * defaults for a new feed, the storage path derived from the name, duplicates, and the
 * parameters edited as fields instead of JSON.
 */
import type { FeedCanonicalField, FeedCompression, FeedImporter, FeedParameters } from '@koopjesland/shared';
import { feedParametersSchema } from '@koopjesland/shared/entities';
import type { AdminFeed, FeedInput } from './feeds-api';

/** The share of a feed's offers a run may expire before it is held for review (the collapse guard). */
export const DEFAULT_COLLAPSE_SHARE = 0.5;
/** docs/feeds.md "Parameters": the schedule interval when none is set. */
export const DEFAULT_INTERVAL_HOURS = 6;
/** The parameter holding the collapse share (0–1). */
export const COLLAPSE_SHARE_PARAMETER = 'maxExpireRatio';

export type CredentialKind = 'basic' | 'token';
/** Credentials are write-only: kept as stored, replaced by new ones, or cleared. */
export type CredentialAction = 'keep' | 'replace' | 'clear';

export interface FieldMapRow {
  field?: FeedCanonicalField;
  /** Source keys, comma-separated when several are tried in turn. */
  keys?: string;
}

export interface FeedFormValues {
  name: string;
  importer: FeedImporter;
  url?: string;
  path: string;
  compression: FeedCompression;
  isActive: boolean;
  allowCreateProducts: boolean;
  fieldMap: FieldMapRow[];
  format?: 'xml' | 'csv' | 'json';
  delimiter?: string;
  encoding?: 'utf8' | 'latin1';
  recordElement?: string;
  intervalHours?: number | null;
  /** Cron expression (five fields); when set it wins over the interval. */
  cron?: string;
  /** Percent (0–100) in the form; a share (0–1) in the parameters. */
  collapsePercent?: number | null;
  /** Implausible prices: percent (0–100) of the median in the form; a share (0–1) in `implausibleBelow`. */
  implausibleBelowPercent?: number | null;
  /** Implausible prices: a multiple (≥ 1) of the median, as `implausibleAbove`. */
  implausibleAbove?: number | null;
  credentialAction: CredentialAction;
  credentialKind: CredentialKind;
  username?: string;
  password?: string;
  token?: string;
}

export type FeedFormMode =
  | { kind: 'add' }
  | { kind: 'edit'; feed: AdminFeed }
  | { kind: 'duplicate'; feed: AdminFeed };

/** `{storeSlug}/{name}.xml`, the default storage path. */
export const feedPath = (storeSlug: string, name: string) => `${storeSlug}/${name.trim()}.xml`;

/**
 * docs/feeds.md: a feed reads only files inside its store's folder of the feed storage,
 * `{storeSlug}/…`; the API refuses any other path (as written, `.` and `..` resolved) too.
 */
export function isInStoreFolder(path: string, storeSlug: string): boolean {
  const trimmed = path.trim();
  if (trimmed.startsWith('/')) return false;
  const segments: string[] = [];
  for (const segment of trimmed.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment && segment !== '.') segments.push(segment);
  }
  return segments.length > 1 && segments[0] === storeSlug;
}

export const NEW_FEED_VALUES: FeedFormValues = {
  name: '',
  importer: 'tradetracker',
  url: '',
  path: '',
  compression: 'none',
  isActive: true,
  allowCreateProducts: true,
  fieldMap: [],
  credentialAction: 'replace',
  credentialKind: 'basic',
};

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The form's values for a stored feed (credentials stay on the server). */
export function valuesOfFeed(feed: AdminFeed): FeedFormValues {
  const parameters = feed.parameters as FeedParameters & Record<string, unknown>;
  const share = numberOrNull(parameters[COLLAPSE_SHARE_PARAMETER]);
  const below = numberOrNull(parameters.implausibleBelow);
  return {
    name: feed.name,
    importer: feed.importer,
    url: feed.url ?? '',
    path: feed.path,
    compression: feed.compression,
    isActive: feed.isActive,
    allowCreateProducts: feed.allowCreateProducts,
    fieldMap: Object.entries(parameters.fieldMap ?? {}).map(([field, keys]) => ({
      field: field as FeedCanonicalField,
      keys: Array.isArray(keys) ? keys.join(', ') : (keys ?? ''),
    })),
    format: parameters.format,
    delimiter: parameters.delimiter === '\t' ? 'tab' : parameters.delimiter,
    encoding: parameters.encoding,
    recordElement: parameters.recordElement,
    intervalHours: numberOrNull(parameters.intervalHours),
    cron: typeof parameters.cron === 'string' ? parameters.cron : undefined,
    collapsePercent: share === null ? null : Math.round(share * 1000) / 10,
    implausibleBelowPercent: below === null ? null : Math.round(below * 1000) / 10,
    implausibleAbove: numberOrNull(parameters.implausibleAbove),
    credentialAction: feed.hasCredentials ? 'keep' : 'replace',
    credentialKind: 'basic',
  };
}

/** docs/product.md §4: a duplicate is a new feed named '{name} (Copy)' stored at `{slug}/{name}-copy.xml`. */
export function valuesOfDuplicate(feed: AdminFeed, storeSlug: string): FeedFormValues {
  return {
    ...valuesOfFeed(feed),
    name: `${feed.name} (Copy)`,
    path: `${storeSlug}/${feed.name}-copy.xml`,
    credentialAction: 'replace',
  };
}

export function initialValues(mode: FeedFormMode, storeSlug: string): FeedFormValues {
  if (mode.kind === 'edit') return valuesOfFeed(mode.feed);
  if (mode.kind === 'duplicate') return valuesOfDuplicate(mode.feed, storeSlug);
  return NEW_FEED_VALUES;
}

/** docs/product.md §5: Save stays disabled until name, importer and storage path are set. */
export const canSaveFeed = (values: Partial<Pick<FeedFormValues, 'name' | 'importer' | 'path'>>) =>
  Boolean(values.name?.trim() && values.importer && values.path?.trim());

function parametersOf(values: FeedFormValues, previous: Record<string, unknown>): FeedParameters {
  // Parameters the form does not show (zipEntry, maxInvalidRatio, …) are kept as they were; keys
  // the API does not know (stored before it refused them) are dropped, or the save would fail.
  const parameters: Record<string, unknown> = Object.fromEntries(
    Object.entries(previous).filter(([key]) => key in feedParametersSchema.shape),
  );
  const set = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') delete parameters[key];
    else parameters[key] = value;
  };
  const fieldMap: Record<string, string | string[]> = {};
  for (const row of values.fieldMap ?? []) {
    const keys = (row.keys ?? '').split(',').map((key) => key.trim()).filter(Boolean);
    if (!row.field || keys.length === 0) continue;
    fieldMap[row.field] = keys.length === 1 ? keys[0]! : keys;
  }
  set('fieldMap', Object.keys(fieldMap).length ? fieldMap : undefined);
  set('format', values.format);
  set('delimiter', values.delimiter === 'tab' ? '\t' : values.delimiter);
  set('encoding', values.encoding);
  set('recordElement', values.recordElement?.trim());
  set('intervalHours', values.intervalHours);
  set('cron', values.cron?.trim());
  set(
    'implausibleBelow',
    values.implausibleBelowPercent === null || values.implausibleBelowPercent === undefined
      ? undefined
      : values.implausibleBelowPercent / 100,
  );
  set('implausibleAbove', values.implausibleAbove);
  set(
    COLLAPSE_SHARE_PARAMETER,
    values.collapsePercent === null || values.collapsePercent === undefined ? undefined : values.collapsePercent / 100,
  );
  return parameters as FeedParameters;
}

function credentialsOf(values: FeedFormValues): Record<string, string> | null | undefined {
  if (values.credentialAction === 'keep') return undefined;
  if (values.credentialAction === 'clear') return null;
  const pairs =
    values.credentialKind === 'token'
      ? { token: values.token ?? '' }
      : { username: values.username ?? '', password: values.password ?? '' };
  const filled = Object.fromEntries(Object.entries(pairs).filter(([, value]) => value !== ''));
  return Object.keys(filled).length ? filled : undefined;
}

/** The body of POST/PUT: trimmed, an empty URL is none, credentials only when given. */
export function toFeedInput(values: FeedFormValues, previous?: AdminFeed): FeedInput {
  const input: FeedInput = {
    name: values.name.trim(),
    importer: values.importer,
    url: values.url?.trim() || null,
    path: values.path.trim(),
    compression: values.compression,
    parameters: parametersOf(values, previous?.parameters ?? {}),
    allowCreateProducts: values.allowCreateProducts,
    isActive: values.isActive,
  };
  const credentials = credentialsOf(values);
  if (credentials !== undefined) input.credentials = credentials;
  return input;
}
