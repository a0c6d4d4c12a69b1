/**
 * The database schema: one Drizzle table per entity of the specification (§3) plus the
 * tables the server needs to make it real (revoked tokens, login throttling, feed runs,
 * price history, click-outs). Column names are snake_case in SQL (`casing: 'snake_case'`).
 * Money is integer cents everywhere.
 */
import { sql } from 'drizzle-orm';
import {
  CATEGORY_DISPLAY_TYPES,
  CATEGORY_SORT_FIELDS,
  FEED_COMPRESSIONS,
  FEED_IMPORTERS,
  FEED_RUN_CHANGE_KINDS,
  FEED_RUN_PHASES,
  FEED_RUN_STATUSES,
  FEED_RUN_TRIGGERS,
  type FeedProblemGroup,
  type HeldOfferRecord,
  OFFER_HIDDEN_REASONS,
  PRICE_REPORT_REASONS,
  PRICE_REPORT_RESOLUTIONS,
  SORT_ORDERS,
  SPECIFICATION_FIELD_TYPES,
  TWITTER_CARDS,
  USER_ROLES,
} from '@koopjesland/shared/entities';
import {
  bigint,
  check,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------- users and auth

export const users = pgTable('users', {
  id: serial().primaryKey(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  isAdmin: boolean().notNull().default(false),
  /** The role; isAdmin stays the specification's flag, true exactly for 'admin' (a trigger of migration 0009 keeps them in step). */
  role: text({ enum: USER_ROLES }).notNull().default('user'),
  lastSignInAt: timestamp({ withTimezone: true }),
  /** A store manager for every store; false limits them to their `user_stores` rows (possibly none left). */
  allStores: boolean().notNull().default(true),
  /** The language of the user's mail ('nl' or 'en'): the site's language at sign-in, sign-up or the last wishlist change. */
  language: text({ enum: ['nl', 'en'] }).notNull().default('nl'),
  /** Set by the one-click unsubscribe of a price alert: no more price alerts for this user. */
  priceAlertsUnsubscribedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index().on(t.role)]);

/** The stores a store manager is limited to; none means every store. */
export const userStores = pgTable(
  'user_stores',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer()
      .notNull()
      .references((): AnyPgColumn => stores.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] }), index().on(t.storeId)],
);

/** Every token issued and not yet signed out; a token without its row is refused. */
export const userSessions = pgTable(
  'user_sessions',
  {
    jti: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

/** Single-use links for a password reset or an invitation; only the token's hash is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    purpose: text({ enum: ['reset', 'invitation'] }).notNull().default('reset'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/** Mail kept instead of sent when no SMTP server is configured; admins read it at /admin/outbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** Extra mail headers (e.g. List-Unsubscribe), as they would have been sent. */
    headers: jsonb().$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

/** Who changed what: one row per admin change, feed run or bulk action; never edited. */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Kept as they were at the time, so the record survives the account. */
    userEmail: text(),
    userRole: text(),
    entity: text().notNull(),
    entityId: text(),
    action: text().notNull(),
    before: jsonb().$type<Record<string, unknown> | null>(),
    after: jsonb().$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt), index().on(t.entity, t.entityId), index().on(t.userId)],
);

/** Fixed-window login throttle per IP and per account, shared by every API instance. */
export const loginThrottle = pgTable('login_throttle', {
  key: text().primaryKey(),
  attempts: integer().notNull().default(0),
  windowEndsAt: timestamp({ withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- site configuration

export const siteConfigurations = pgTable('site_configurations', {
  id: serial().primaryKey(),
  title: text().notNull(),
  name: text().notNull(),
  description: text().notNull(),
  domainNames: text().array().notNull().default(sql`'{}'::text[]`),
  logo: text(),
  rootCategoryId: integer().references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
  keywords: text(),
  metaDescription: text(),
  ogTitle: text(),
  ogDescription: text(),
  ogImage: text(),
  twitterCard: text({ enum: TWITTER_CARDS }),
  twitterTitle: text(),
  twitterDescription: text(),
  twitterImage: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- catalog: categories

export const categories = pgTable(
  'categories',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    image: text(),
    parentId: integer().references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.parentId)],
);

export const categorySettings = pgTable('category_settings', {
  categoryId: integer()
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  defaultDisplayType: text({ enum: CATEGORY_DISPLAY_TYPES }).notNull().default('grid'),
  defaultSortBy: text({ enum: CATEGORY_SORT_FIELDS }).notNull().default('manual'),
  defaultSortOrder: text({ enum: SORT_ORDERS }).notNull().default('asc'),
  hideFiltersAndViewButtons: boolean().notNull().default(false),
  showOnHomePage: integer().references(() => siteConfigurations.id, { onDelete: 'set null' }),
  hideFromMenu: boolean().notNull().default(false),
  representativeProductId: integer().references((): AnyPgColumn => products.id, {
    onDelete: 'set null',
  }),
  subcategoryColumns: integer().notNull().default(4),
  alternativeName: text(),
});

/** A store's own category path ("Huis > Keuken > Koffie"), mapped onto our categories. */
export const categoryAliases = pgTable('category_aliases', {
  id: serial().primaryKey(),
  path: text().notNull().unique(),
  createdAt: createdAt(),
});

export const categoryAliasCategories = pgTable(
  'category_alias_categories',
  {
    aliasId: integer()
      .notNull()
      .references(() => categoryAliases.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.aliasId, t.categoryId] }), index().on(t.categoryId)],
);

// ---------------------------------------------------------------- catalog: products

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    slug: text().notNull(),
    name: text().notNull(),
    brand: text(),
    description: text(),
    /** Main image URL, kept beside the images table so list queries need no join. */
    image: text(),
    imageId: integer(),
    views: integer().notNull().default(0),
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('dutch', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(brand, '')), 'B') || setweight(to_tsvector('dutch', left(coalesce(description, ''), 2000)), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.slug),
    // A brand filter (the category page's filters) and every brand look-up.
    index('products_brand_id_idx').on(t.brand, t.id),
    // List sorts end in "id" as a tie-breaker; each (column, id) index serves its sort in both
    // directions. The price sorts' indexes are on product_prices.
    index('products_views_id_idx').on(t.views, t.id),
    index('products_created_at_id_idx').on(t.createdAt, t.id),
    index('products_lower_name_id_idx').on(sql`lower(${t.name})`, t.id),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * Each product's price summary, denormalised from its visible offers so lists never aggregate
 * prices (features/offers/price-summary.ts keeps it). A table of its own, one row per product
 * from the product's creation (migration 0030's trigger, or the writer itself): a feed run rewrites
 * the summaries of every product whose lowest price moved, and here each such write touches
 * this narrow row and its sort indexes, not the product's text and its search indexes.
 */
export const productPrices = pgTable(
  'product_prices',
  {
    /** Its key's entries also hold the sort keys a category's orders read (migration 0031). */
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    lowestPriceId: integer(),
    lowestTotal: integer(),
    lowestStoreId: integer(),
    highestTotal: integer(),
    offerCount: integer().notNull().default(0),
    priceChange: integer(),
    percentageChange: real(),
    /** Honest deals (features/deals): the median of the daily lowest total over the previous 30 days, and how far (percent) today's lowest is below it. */
    referenceTotal: integer(),
    dealPercentage: real(),
    /** When the summary last changed; a product's updatedAt is the later of this and its own (`PRODUCT_UPDATED_AT`). */
    updatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The price sorts end in the product id as a tie-breaker; the nullable columns get one index
    // per direction because their sorts put products without an offer last either way.
    index('product_prices_lowest_total_asc_idx').on(t.lowestTotal.asc().nullsLast(), t.productId.asc()),
    index('product_prices_lowest_total_desc_idx').on(t.lowestTotal.desc().nullsLast(), t.productId.desc().nullsFirst()),
    index('product_prices_percentage_change_asc_idx').on(t.percentageChange.asc().nullsLast(), t.productId.asc()),
    index('product_prices_percentage_change_desc_idx').on(t.percentageChange.desc().nullsLast(), t.productId.desc().nullsFirst()),
    index('product_prices_price_change_asc_idx').on(t.priceChange.asc().nullsLast(), t.productId.asc()),
    index('product_prices_price_change_desc_idx').on(t.priceChange.desc().nullsLast(), t.productId.desc().nullsFirst()),
    index('product_prices_deal_percentage_idx')
      .on(t.dealPercentage.desc().nullsLast(), t.productId.desc())
      .where(sql`deal_percentage is not null`),
  ],
);

export const productIdentifiers = pgTable(
  'product_identifiers',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** EAN, GTIN, MPN, ISBN, ... (GTIN values are normalised to 13 or 14 digits). */
    type: text().notNull(),
    value: text().notNull(),
  },
  (t) => [
    uniqueIndex().on(t.type, t.value),
    index().on(t.productId),
    // Digits without leading zeros: finds an EAN-13 stored elsewhere as GTIN-14 (duplicate check).
    index('product_identifiers_digits_idx').on(sql`ltrim(regexp_replace(${t.value}, '[^0-9]', '', 'g'), '0')`),
  ],
);

export const productProperties = pgTable(
  'product_properties',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    value: text().notNull(),
  },
  (t) => [index().on(t.productId)],
);

/** A category's specification fields (features/specifications). */
export const specificationFields = pgTable(
  'specification_fields',
  {
    id: serial().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text({ enum: SPECIFICATION_FIELD_TYPES }).notNull(),
    unit: text(),
    options: text().array().notNull().default(sql`'{}'`),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.categoryId, t.position),
    check('specification_fields_type_check', sql`${t.type} in ('number', 'boolean', 'list')`),
  ],
);

/** Raw property names read into a field; `nameKey` is the lower-cased, trimmed name, unique per category. */
export const specificationPropertyNames = pgTable(
  'specification_property_names',
  {
    fieldId: integer()
      .notNull()
      .references(() => specificationFields.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    nameKey: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.nameKey] }), index().on(t.fieldId)],
);

/**
 * A product's normalised value of a field (one of the three value columns), or, with all three
 * null, the raw value that could not be read.
 */
export const productSpecificationValues = pgTable(
  'product_specification_values',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fieldId: integer()
      .notNull()
      .references(() => specificationFields.id, { onDelete: 'cascade' }),
    numberValue: doublePrecision(),
    booleanValue: boolean(),
    listValue: text(),
    propertyName: text().notNull(),
    rawValue: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.fieldId] }),
    index('product_specification_values_number_index').on(t.fieldId, t.numberValue, t.productId).where(sql`${t.numberValue} is not null`),
    index('product_specification_values_boolean_index').on(t.fieldId, t.booleanValue, t.productId).where(sql`${t.booleanValue} is not null`),
    index('product_specification_values_list_index').on(t.fieldId, t.listValue, t.productId).where(sql`${t.listValue} is not null`),
    index('product_specification_values_unreadable_index')
      .on(t.fieldId)
      .where(sql`${t.numberValue} is null and ${t.booleanValue} is null and ${t.listValue} is null`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    storeId: integer().references(() => stores.id, { onDelete: 'set null' }),
    width: integer(),
    height: integer(),
    filename: text(),
    isMain: boolean().notNull().default(false),
    isDisabled: boolean().notNull().default(false),
    alt: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.productId, t.url)],
);

/**
 * Our own copy of an image URL a store gave (migration 0022, features/image-copies): downloaded
 * once, the original kept once per content hash, WebP copies at `widths`.
 */
export const imageCopies = pgTable(
  'image_copies',
  {
    url: text().primaryKey(),
    status: text({ enum: ['pending', 'fetching', 'stored', 'failed'] }).notNull().default('pending'),
    contentHash: text(),
    width: integer(),
    height: integer(),
    widths: integer().array(),
    /** Why the image could not be copied (shown to nobody but operators; the placeholder is shown). */
    failure: text(),
    claimedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    fetchedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('image_copies_status_check', sql`${t.status} in ('pending', 'fetching', 'stored', 'failed')`),
    index('image_copies_waiting_idx').on(t.createdAt).where(sql`${t.status} in ('pending', 'fetching')`),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index().on(t.categoryId, t.sortOrder),
  ],
);

export const productCategoryAliases = pgTable(
  'product_category_aliases',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    aliasId: integer()
      .notNull()
      .references(() => categoryAliases.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.aliasId] }), index().on(t.aliasId)],
);

/**
 * A merge of two products: the removed product's row and everything it brought (moved row ids,
 * rows the kept product already had an equivalent of) so a split restores it exactly, and its
 * id and slug so its old address answers 301 to the kept product until then.
 */
export const productMerges = pgTable(
  'product_merges',
  {
    id: serial().primaryKey(),
    keptProductId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    removedProductId: integer().notNull(),
    removedSlug: text().notNull(),
    removedName: text().notNull(),
    snapshot: jsonb().$type<Record<string, unknown>>().notNull(),
    mergedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    mergedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    splitAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.keptProductId), index().on(t.removedProductId), index().on(t.removedSlug)],
);

// ---------------------------------------------------------------- stores and feeds

export const stores = pgTable('stores', {
  id: serial().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  url: text().notNull(),
  logo: text(),
  lastPriceUpdate: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const storeFeeds = pgTable(
  'store_feeds',
  {
    id: serial().primaryKey(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    importer: text({ enum: FEED_IMPORTERS }).notNull(),
    url: text(),
    path: text().notNull(),
    compression: text({ enum: FEED_COMPRESSIONS }).notNull().default('none'),
    parameters: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    allowCreateProducts: boolean().notNull().default(true),
    /** Write-only: never returned by a read. */
    credentials: jsonb().$type<Record<string, string> | null>(),
    isActive: boolean().notNull().default(true),
    /** When the feed's last applied run carried its current offers (offers/last-seen.ts); written by that run. */
    offersSeenAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.storeId)],
);

export const feedRuns = pgTable(
  'feed_runs',
  {
    id: serial().primaryKey(),
    feedId: integer()
      .notNull()
      .references(() => storeFeeds.id, { onDelete: 'cascade' }),
    status: text({ enum: FEED_RUN_STATUSES }).notNull().default('queued'),
    trigger: text({ enum: FEED_RUN_TRIGGERS }).notNull().default('manual'),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    heartbeatAt: timestamp({ withTimezone: true }),
    cancelRequested: boolean().notNull().default(false),
    bytesRead: bigint({ mode: 'number' }).notNull().default(0),
    bytesTotal: bigint({ mode: 'number' }),
    recordsRead: integer().notNull().default(0),
    offersCreated: integer().notNull().default(0),
    offersUpdated: integer().notNull().default(0),
    offersUnchanged: integer().notNull().default(0),
    offersExpired: integer().notNull().default(0),
    recordsRejected: integer().notNull().default(0),
    productsCreated: integer().notNull().default(0),
    errorSample: jsonb().$type<{ position: number; reason: string }[]>().notNull().default([]),
    failureReason: text(),
    createdAt: createdAt(),
    /** What a running run is doing; null once it ended. */
    phase: text({ enum: FEED_RUN_PHASES }),
    recordsPerSecond: real().notNull().default(0),
    productsMatched: integer().notNull().default(0),
    /** Record problems grouped by reason, with counts and up to 20 examples each. */
    problems: jsonb().$type<FeedProblemGroup[]>().notNull().default([]),
    /** Why the collapse guard held the run (status 'held'). */
    heldReason: text(),
    /** The earliest moment a record of this run changes price by itself (a sale period starts or ends): the feed runs again then. */
    priceChangesAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.feedId, t.createdAt),
    index().on(t.status),
    // At most one queued or running run per feed, whichever API instance asked for it.
    uniqueIndex('feed_runs_one_active_per_feed_idx').on(t.feedId).where(sql`status in ('queued', 'running')`),
  ],
);

/** What an applied run changed, for its diff against the previous successful run. */
export const feedRunChanges = pgTable(
  'feed_run_changes',
  {
    runId: integer()
      .notNull()
      .references(() => feedRuns.id, { onDelete: 'cascade' }),
    kind: text({ enum: FEED_RUN_CHANGE_KINDS }).notNull(),
    priceId: integer().notNull(),
    productId: integer().notNull(),
    oldTotal: integer(),
    newTotal: integer(),
  },
  (t) => [index().on(t.runId, t.kind)],
);

/**
 * The shape of a feed run's staged records: each run reads its records into an unlogged copy
 * of this table of its own (db/run-staging.ts), applied set-based in one short
 * transaction at the end; a failed run only leaves its tables to drop. This table holds no rows.
 */
export const feedStaging = pgTable(
  'feed_staging',
  {
    runId: integer().notNull(),
    position: integer().notNull(),
    gtin: text(),
    externalId: text(),
    productKey: text().notNull(),
    name: text().notNull(),
    slug: text().notNull(),
    brand: text(),
    description: text(),
    amount: integer().notNull(),
    shipping: integer().notNull(),
    total: integer().notNull(),
    url: text().notNull(),
    deliveryTime: text(),
    deliveryDays: integer(),
    categoryPath: text(),
    images: jsonb().$type<string[]>(),
    properties: jsonb().$type<{ name: string; value: string }[]>(),
    /** The feed's "from" (was) price, before it is checked against the store's history. */
    fromAmount: integer(),
    productId: integer(),
    priceId: integer(),
    isNewProduct: boolean().notNull().default(false),
    isChanged: boolean().notNull().default(false),
    totalChanged: boolean().notNull().default(false),
    inStock: boolean().notNull().default(true),
    /** The id the run draws for a new product's main image (migration 0018). */
    newImageId: integer(),
    /**
     * The offer the record is applied to: its current offer (`priceId`), or the id drawn for the
     * offer the run creates (migration 0021). The apply step joins offers on it and on `productId`, both indexed once they are
     * written (db/run-staging.ts `indexRunStaging`), so no plan is worse than linear in the run's size whatever the statistics say.
     */
    offerId: integer(),
    /** The record's fingerprint (importers/fingerprint.ts), kept on the offer it is applied to. */
    fingerprint: bigint({ mode: 'number' }),
    /** The hash of the record as read (importers/fingerprint.ts `recordHash`), kept on its offer; null when the time or history decides the offer. */
    recordHash: bigint({ mode: 'number' }),
  },
);

/**
 * The records a run carried unchanged (their fingerprint is their offer's): not staged, only
 * listed, so the apply step counts their offers seen (expiry, the collapse guard) and lets a
 * record earlier in the file win its product over them (migration 0024). Like feed_staging, the
 * shape of a table each run has of its own, dropped with the run's staged records.
 */
export const feedStagingUnchanged = pgTable(
  'feed_staging_unchanged',
  {
    runId: integer().notNull(),
    position: integer().notNull(),
    offerId: integer().notNull(),
    productId: integer().notNull(),
    /** The record's hash, when its offer has none yet (carried by its fingerprint): written to the offer. */
    recordHash: bigint({ mode: 'number' }),
  },
  (t) => [index().on(t.runId, t.offerId), index().on(t.runId, t.productId)],
);

// ---------------------------------------------------------------- offers and price history

/** One offer: the current price of one product in one store. */
export const prices = pgTable(
  'prices',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    feedId: integer().references(() => storeFeeds.id, { onDelete: 'set null' }),
    /** The store's own product id, for matching records without a GTIN. */
    externalId: text(),
    amount: integer().notNull(),
    shipping: integer().notNull().default(0),
    total: integer().notNull(),
    url: text().notNull(),
    deliveryTime: text(),
    deliveryDays: integer(),
    description: text(),
    priceChange: integer(),
    percentageChange: real(),
    /** The store's "from" price, kept only when it charged that amount in the last 30 days (features/deals). */
    fromAmount: integer(),
    validFrom: timestamp({ withTimezone: true }).defaultNow().notNull(),
    validTo: timestamp({ withTimezone: true }),
    lastSeen: timestamp({ withTimezone: true }).defaultNow().notNull(),
    /**
     * Why a current offer is not shown to visitors (null = shown); every visitor query reads
     * offers through `visibleOffer` (features/offers/visible-offers.ts).
     */
    hiddenReason: text({ enum: OFFER_HIDDEN_REASONS }),
    /** While held as implausible: the feed record's product data, for splitting it into its own product. */
    heldRecord: jsonb().$type<HeldOfferRecord>(),
    /** A total a person accepted as plausible: never held again (features/feeds/plausibility.ts). */
    acceptedTotal: integer(),
    /** A total a person rejected: the offer stays expired while its feed repeats it. */
    rejectedTotal: integer(),
    /** Split into its own product: the store's product id keeps the offer there, whatever its GTIN matches. */
    keepProduct: boolean().notNull().default(false),
    /** False: the store says it is out of stock (shown as such, never the product's lowest price). */
    inStock: boolean().notNull().default(true),
    /**
     * Fingerprint of the normalised feed record the offer was last written from
     * (importers/fingerprint.ts): a run that reads the same record again leaves the offer alone.
     * Forgotten by a trigger when anything else changes the offer's feed columns (migration 0024).
     */
    fingerprint: bigint({ mode: 'number' }),
    /**
     * The hash of the record's text as read (importers/fingerprint.ts `recordHash`): a run carries
     * a record with this hash without mapping or normalising it (migration 0027).
     */
    recordHash: bigint({ mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex().on(t.productId, t.storeId),
    index().on(t.storeId, t.externalId),
    index().on(t.feedId),
    index('prices_current_by_product_idx').on(t.productId).where(sql`valid_to is null and hidden_reason is null`),
    index('prices_hidden_by_feed_idx').on(t.feedId).where(sql`hidden_reason is not null`),
  ],
);

/** A visitor's report that an offer is wrong; open while `resolvedAt` is null. */
export const priceReports = pgTable(
  'price_reports',
  {
    id: serial().primaryKey(),
    priceId: integer()
      .notNull()
      .references(() => prices.id, { onDelete: 'cascade' }),
    reason: text({ enum: PRICE_REPORT_REASONS }).notNull(),
    note: text(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolution: text({ enum: PRICE_REPORT_RESOLUTIONS }),
    resolvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('price_reports_open_idx').on(t.priceId, t.createdAt).where(sql`resolved_at is null`)],
);

export const priceHistory = pgTable(
  'price_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    priceId: integer()
      .notNull()
      .references(() => prices.id, { onDelete: 'cascade' }),
    productId: integer().notNull(),
    storeId: integer().notNull(),
    amount: integer().notNull(),
    shipping: integer().notNull(),
    total: integer().notNull(),
    recordedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index().on(t.priceId, t.recordedAt), index().on(t.productId, t.recordedAt)],
);

/** The days whose reference prices were refreshed (features/deals): one refresh per day, whichever instance claims it. */
export const referencePriceDays = pgTable('reference_price_days', {
  day: date({ mode: 'string' }).primaryKey(),
  products: integer().notNull().default(0),
  refreshedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
});

// ---------------------------------------------------------------- visitors

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    maxPrice: integer().notNull(),
    /** The price alert fires when the product's lowest total reaches maxPrice; re-armed by a rise above it or a new target. */
    alertArmed: boolean().notNull().default(true),
    /** When the alert last fired, for which target and at which lowest total. */
    alertSentAt: timestamp({ withTimezone: true }),
    alertSentTarget: integer(),
    alertSentTotal: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex().on(t.userId, t.productId),
    index().on(t.productId),
    index('wishlist_items_disarmed_index').on(t.productId).where(sql`not ${t.alertArmed}`),
  ],
);

/**
 * Price alerts that fired: pending until their mail went out (a failed send stays pending and
 * is retried), then sent alone ('single') or combined in the day's digest ('digest').
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wishlistItemId: integer().references(() => wishlistItems.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: integer().references(() => stores.id, { onDelete: 'set null' }),
    total: integer().notNull(),
    target: integer().notNull(),
    status: text({ enum: ['pending', 'sending', 'sent', 'cancelled'] }).notNull().default('pending'),
    kind: text({ enum: ['single', 'digest'] }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('price_alerts_open_index').on(t.userId, t.id).where(sql`${t.status} in ('pending', 'sending')`),
    index('price_alerts_sent_index').on(t.userId, t.sentAt).where(sql`${t.sentAt} is not null`),
  ],
);

export const storeRatings = pgTable(
  'store_ratings',
  {
    id: serial().primaryKey(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    rating: integer().notNull(),
    comment: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.storeId), uniqueIndex().on(t.storeId, t.userId).where(sql`${t.userId} is not null`)],
);

export const clickOuts = pgTable(
  'click_outs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    storeId: integer().references(() => stores.id, { onDelete: 'set null' }),
    priceId: integer().references(() => prices.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    redirectUrl: text().notNull(),
    currentPrice: integer().notNull(),
    lowestPrice: integer(),
    payload: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.productId, t.createdAt), index().on(t.storeId, t.createdAt)],
);
