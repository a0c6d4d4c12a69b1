/**
 * Feeds and their runs (docs/feeds.md "API", with the run extras: phase, problem groups, the difference from the previous good run, the collapse guard).
 */
import type { FeedCompression, FeedImporter, FeedParameters, FeedRun, Pagination, StoreFeed } from '@koopjesland/shared';
import { storeAdminApi } from '../../api';

/** The reading phases a run reports while it goes. */
export type FeedRunPhase = 'downloading' | 'parsing' | 'matching' | 'applying';

/** A run as the store admin shows it; `held` is a run the collapse guard stopped for review. */
export type AdminFeedRun = Omit<FeedRun, 'status'> & {
  status: FeedRun['status'] | 'held' | 'discarded';
  phase?: FeedRunPhase | null;
  durationMs?: number | null;
  recordsPerSecond?: number | null;
  productsMatched?: number;
  /** Why the collapse guard held the run. */
  heldReason?: string | null;
};

/** A feed with its current offers, next scheduled run and last run (docs/feeds.md "API"). */
export type AdminFeed = Omit<StoreFeed, 'lastRun'> & {
  offerCount?: number;
  nextRunAt?: string | null;
  lastRun?: AdminFeedRun | null;
};

export interface FeedRunsResponse {
  runs: AdminFeedRun[];
  pagination: Pagination;
}

export interface FeedProblemExample {
  position: number;
  value?: string | null;
}

export interface FeedProblemGroup {
  reason: string;
  count: number;
  examples: FeedProblemExample[];
}

export type FeedChangeKind = 'new' | 'removed' | 'changed';

export interface FeedOfferChange {
  kind: FeedChangeKind;
  priceId: number;
  productId: number;
  productName: string;
  oldTotal: number | null;
  newTotal: number | null;
  change: number | null;
}

export interface FeedRunDiff {
  previousRunId: number | null;
  summary: { newOffers: number; removedOffers: number; priceChanges: number };
  changes: FeedOfferChange[];
  pagination: Pagination;
}

/** What the feed form sends; credentials are omitted to keep them, null to clear them. */
export interface FeedInput {
  name: string;
  importer: FeedImporter;
  url: string | null;
  path: string;
  compression: FeedCompression;
  parameters: FeedParameters;
  allowCreateProducts: boolean;
  isActive: boolean;
  credentials?: Record<string, string> | null;
}

/** Runs still under way: their progress is polled (docs/feeds.md "Runs"). */
export const isActiveRun = (status: string | undefined) => status === 'queued' || status === 'running';

/** At most one progress request a second. */
export const RUN_POLL_MS = 1000;

const feedsApi = storeAdminApi.injectEndpoints({
  endpoints: (build) => ({
    storeFeeds: build.query<AdminFeed[], number>({
      query: (storeId) => ({ path: `store-feeds/store/${storeId}` }),
      providesTags: ['Feed'],
    }),
    feed: build.query<AdminFeed, number>({
      query: (id) => ({ path: `store-feeds/${id}` }),
      providesTags: ['Feed'],
    }),
    createFeed: build.mutation<AdminFeed, { storeId: number; feed: FeedInput }>({
      query: ({ storeId, feed }) => ({ path: `store-feeds/store/${storeId}`, method: 'POST', body: feed }),
      invalidatesTags: ['Feed', 'Store'],
    }),
    updateFeed: build.mutation<AdminFeed, { id: number; feed: FeedInput }>({
      query: ({ id, feed }) => ({ path: `store-feeds/${id}`, method: 'PUT', body: feed }),
      invalidatesTags: ['Feed'],
    }),
    deleteFeed: build.mutation<void, number>({
      query: (id) => ({ path: `store-feeds/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Feed', 'Store'],
    }),
    startFeedRun: build.mutation<AdminFeedRun, number>({
      query: (feedId) => ({ path: `store-feeds/${feedId}/run`, method: 'POST' }),
      invalidatesTags: ['Feed', 'FeedRun'],
    }),
    feedRuns: build.query<FeedRunsResponse, { feedId: number; page: number; limit: number }>({
      query: ({ feedId, page, limit }) => ({ path: `store-feeds/${feedId}/runs`, query: { page, limit } }),
      providesTags: ['FeedRun'],
    }),
    feedRun: build.query<AdminFeedRun, number>({
      query: (id) => ({ path: `feed-runs/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'FeedRun', id }],
    }),
    cancelFeedRun: build.mutation<AdminFeedRun, number>({
      query: (id) => ({ path: `feed-runs/${id}/cancel`, method: 'POST' }),
      invalidatesTags: ['Feed', 'FeedRun'],
    }),
    applyHeldRun: build.mutation<AdminFeedRun, number>({
      query: (id) => ({ path: `feed-runs/${id}/apply`, method: 'POST' }),
      invalidatesTags: ['Feed', 'FeedRun', 'Store', 'StoreProduct', 'Price'],
    }),
    discardHeldRun: build.mutation<AdminFeedRun, number>({
      query: (id) => ({ path: `feed-runs/${id}/discard`, method: 'POST' }),
      invalidatesTags: ['Feed', 'FeedRun'],
    }),
    feedRunProblems: build.query<FeedProblemGroup[], number>({
      query: (id) => ({ path: `feed-runs/${id}/problems` }),
      transformResponse: (response: { problems: FeedProblemGroup[] }) => response.problems,
    }),
    /** What the run changed against the previous successful run; `changed` has the largest drops first. */
    feedRunDiff: build.query<FeedRunDiff, { runId: number; kind: FeedChangeKind; page: number; limit: number }>({
      query: ({ runId, kind, page, limit }) => ({ path: `feed-runs/${runId}/diff`, query: { kind, page, limit } }),
    }),
  }),
});

export const {
  useStoreFeedsQuery,
  useFeedQuery,
  useCreateFeedMutation,
  useUpdateFeedMutation,
  useDeleteFeedMutation,
  useStartFeedRunMutation,
  useFeedRunsQuery,
  useFeedRunQuery,
  useCancelFeedRunMutation,
  useApplyHeldRunMutation,
  useDiscardHeldRunMutation,
  useFeedRunProblemsQuery,
  useFeedRunDiffQuery,
} = feedsApi;
