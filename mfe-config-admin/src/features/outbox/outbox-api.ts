import type { OutboxMessage, OutboxMessageSummary, Pagination } from '@koopjesland/shared';
import { configAdminApi } from '../../api';

export interface OutboxQuery {
  page: number;
  limit: number;
  to?: string;
}

export interface OutboxResponse {
  messages: OutboxMessageSummary[];
  pagination: Pagination;
}

const outboxApi = configAdminApi.injectEndpoints({
  endpoints: (build) => ({
    outbox: build.query<OutboxResponse, OutboxQuery>({
      query: (query) => ({ path: 'admin/outbox', query: { ...query } }),
      providesTags: ['Outbox'],
    }),
    outboxMessage: build.query<OutboxMessage, number>({
      query: (id) => ({ path: `admin/outbox/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'Outbox', id }],
    }),
  }),
});

export const { useOutboxQuery, useOutboxMessageQuery } = outboxApi;
