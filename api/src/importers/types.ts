/**
 * The shapes every importer shares: a feed record as read (a flat map of source keys to
 * values), the canonical fields an importer maps it onto, and an importer's definition.
 */
import type { FeedCanonicalField, FeedFormat, FeedProblemReason } from '@koopjesland/shared/entities';
import type { FeedImporter } from '@koopjesland/shared/entities';

/**
 * One record as read from any format. CSV: column → [value]. XML: element path relative to
 * the record element ("price", "categories.category", attributes as "price@currency"),
 * every occurrence kept in document order. JSON: the same paths over nested objects.
 */
export type FlatRecord = Map<string, string[]>;

/** A record-level problem: its reason code and the offending value as written (cut short). */
export interface RecordProblem {
  reason: FeedProblemReason;
  value: string | null;
}

/**
 * Something about the file as a whole the run notes beside its record problems (shown with them,
 * under its reason's translated text): read as Windows-1252 because it is not UTF-8, or
 * compressed otherwise than the feed says. `value` names what was found.
 */
export interface RunNote {
  reason: Extract<FeedProblemReason, 'encoding-guessed' | 'compression-detected'>;
  value: string;
}

/** What a reader yields: a record, or a record-level problem (the run goes on). */
export type ReadItem =
  | { position: number; record: FlatRecord; /** The record hash (fingerprint.ts), when the reader took it from the text. */ hash?: number }
  | { position: number; error: string; problem: RecordProblem }
  | CarriedItem;

/** A record whose hash was its offer's (RecordCarrier): carried as it is, never mapped or normalised. */
export interface CarriedItem {
  position: number;
  carried: true;
}

/**
 * Told each record's hash (fingerprint.ts `recordHash`) while a run reads its file: answers whether
 * the record is its offer's record unchanged, so the reader skips it (features/feeds/runner.ts).
 */
export interface RecordCarrier {
  carryRecord(hash: number, position: number): boolean;
}

/** The canonical fields of an offer record, before normalisation (all text, as the store wrote it). */
export interface RawOffer {
  externalId?: string;
  gtin?: string;
  name?: string;
  description?: string;
  brand?: string;
  price?: string;
  /** The store's "from" (was) price, when the feed carries one. */
  fromPrice?: string;
  /** When this record's price changes meaning by itself (a sale period starts or ends), epoch ms. */
  priceChangesAt?: number;
  /** False when the feed says the product is out of stock or not deliverable (kept, never the lowest price). */
  inStock?: boolean;
  currency?: string;
  shipping?: string;
  deliveryTime?: string;
  url?: string;
  images: string[];
  categoryPath?: string;
  properties: { name: string; value: string }[];
}

export type CanonicalField = FeedCanonicalField;

/** Source keys tried in order for each canonical field; the feed's parameters.fieldMap overrides them. */
export type FieldMap = Partial<Record<CanonicalField, string[]>>;

export type { FeedFormat };

export interface ImporterDefinition {
  name: FeedImporter;
  /** The format read when the file's first bytes do not tell (and the order of sniffing). */
  defaultFormat: FeedFormat;
  /** XML: the element names that hold one record each. */
  xmlRecordElements: string[];
  /** JSON: the key of the array of records (searched at any depth). */
  jsonArrayKey?: string;
  /** CSV: the delimiter, or undefined to detect it from the header row. */
  csvDelimiter?: string;
  /** CSV quoting: false for formats that never quote (tab-separated Google feeds). */
  csvQuoted?: boolean;
  fields: FieldMap;
  /** Importer-specific touches after the generic field mapping (currency in a price, property pairs...). */
  refine?(record: FlatRecord, offer: RawOffer): void;
  /** How credentials travel on an http(s) download. */
  credentialStyle?: 'basic' | 'bearer' | { queryParameter: string };
}

/** A record ready to stage: money in cents, identifiers normalised. */
export interface NormalisedOffer {
  position: number;
  gtin: string | null;
  externalId: string | null;
  /** Groups records meaning the same product: the GTIN, else the store's id. */
  productKey: string;
  name: string;
  slug: string;
  brand: string | null;
  description: string | null;
  amount: number;
  shipping: number;
  total: number;
  /** The feed's "from" amount in cents when above the price (checked against the store's history when applied). */
  fromAmount: number | null;
  /** When the record's price changes meaning by itself (a sale period starts or ends), epoch ms: the feed runs again then. */
  priceChangesAt?: number;
  /** False: out of stock (docs/feeds.md "Availability"): kept and shown as such, never a product's lowest price. */
  inStock: boolean;
  url: string;
  deliveryTime: string | null;
  deliveryDays: number | null;
  categoryPath: string | null;
  images: string[];
  properties: { name: string; value: string }[];
  /** The record's fingerprint (fingerprint.ts), once a run computed it. */
  fingerprint?: number;
  /** The hash of the record as read (fingerprint.ts `recordHash`), when a run asked for it. */
  recordHash?: number;
}
