/**
 * /admin/stores/{id}/feeds/{feedId}: every run with its
 * trigger, start, duration, status and counts; per run its problems and the difference from the
 * previous good run; a chart of records and duration per run; Run with live progress; a run the
 * collapse guard holds, with Apply anyway and Discard.
 */
import { PlayCircleOutlined } from '@ant-design/icons';
import { useNamespaceT } from '@koopjesland/shared';
import { AdminPageLoading, tableLoading, useAdminDates, useAdminMutation, useAdminUrls, useServerTable } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { statusOf } from '../query-errors';
import { LazyLineChart } from '../charts/LazyLineChart';
import { useStoreQuery } from './stores-api';
import { FeedRunProgress } from '../feeds/FeedRunProgress';
import { isActiveRun, useFeedQuery, useFeedRunsQuery, useStartFeedRunMutation, type AdminFeedRun } from '../feeds/feeds-api';
import { HeldRun } from '../feeds/HeldRun';
import { RunDiagnostics } from '../feeds/RunDiagnostics';
import { RunStatusTag } from '../feeds/RunStatusTag';

/** Runs are listed newest first; the page is kept in the address like every admin list's. */
const RUN_SORT_FIELDS = ['createdAt'] as const;

/** Seconds between start and finish; null while running. */
export function runSeconds(run: AdminFeedRun): number | null {
  if (typeof run.durationMs === 'number') return run.durationMs / 1000;
  if (!run.startedAt || !run.finishedAt) return null;
  return Math.max(0, (new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime()) / 1000);
}

const formatSeconds = (seconds: number) => (seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`);

function RunsChart({ runs }: { runs: AdminFeedRun[] }) {
  const { t } = useNamespaceT(NAMESPACE);
  const chart = useMemo(() => {
    const finished = runs.filter((run) => run.startedAt && run.finishedAt).reverse();
    return {
      times: finished.map((run) => Math.floor(new Date(run.startedAt!).getTime() / 1000)),
      series: [
        { label: t('runs.fields.recordsRead'), color: '#f46900', values: finished.map((run) => run.recordsRead) },
        { label: t('runs.fields.durationSeconds'), color: '#1677ff', values: finished.map(runSeconds), rightAxis: true },
      ],
    };
  }, [runs, t]);
  if (chart.times.length < 2) return <Typography.Text type="secondary">{t('runs.chartNeedsRuns')}</Typography.Text>;
  return <LazyLineChart times={chart.times} series={chart.series} formatRight={(value) => `${value} s`} />;
}

export function FeedRunsPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const mutate = useAdminMutation();
  const params = useParams();
  const storeId = Number(params.id);
  const feedId = Number(params.feedId);
  const valid = Number.isInteger(storeId) && storeId > 0 && Number.isInteger(feedId) && feedId > 0;
  const table = useServerTable({ sortFields: RUN_SORT_FIELDS, defaultSort: { sortBy: 'createdAt', sortOrder: 'desc' } });
  const store = useStoreQuery(storeId, { skip: !valid });
  const feed = useFeedQuery(feedId, { skip: !valid });
  const runs = useFeedRunsQuery({ feedId, page: table.query.page, limit: table.query.limit }, { skip: !valid });
  const [startRun, starting] = useStartFeedRunMutation();
  const [startedRunId, setStartedRunId] = useState<number | null>(null);

  const list = runs.data?.runs ?? [];
  const activeRun = startedRunId ?? list.find((run) => isActiveRun(run.status))?.id ?? null;
  const heldRun = list.find((run) => run.status === 'held');
  const back = (
    <div>
      <Button onClick={() => navigate(urls.stores.detail(storeId, 'feeds'))}>{t('runs.buttons.backToFeeds')}</Button>
    </div>
  );

  if (feed.isLoading) return <AdminPageLoading />;
  if (!valid || statusOf(feed.error) === 404 || (feed.data && feed.data.storeId !== storeId)) {
    return (
      <Flex vertical gap={16}>
        <Alert type="error" showIcon title={t('feeds.notFound')} />
        {back}
      </Flex>
    );
  }
  if (feed.error || !feed.data) {
    return (
      <Flex vertical gap={16}>
        <Alert type="error" showIcon title={t('common.loadFailed')} description={feed.error?.message} />
        {back}
      </Flex>
    );
  }

  const run = async () => {
    const started = await mutate(startRun(feedId), { failure: t('runs.startFailed') });
    if (started) setStartedRunId(started.data.id);
  };

  const columns: TableProps<AdminFeedRun>['columns'] = [
    // Twelve columns do not fit beside the sidebar at 1280 wide: the table scrolls inside its own
    // frame, the start time (which run a row is) held at the left edge and the rejected count (what
    // needs looking at) at the right, the edge's shadow showing there is more between them.
    { key: 'startedAt', title: t('runs.fields.startedAt'), fixed: 'start', render: (_v, r) => dates.dateTime(r.startedAt ?? r.createdAt) },
    { key: 'trigger', title: t('runs.fields.trigger'), render: (_v, r) => t(`runs.triggers.${r.trigger}`, { defaultValue: r.trigger }) },
    { key: 'duration', title: t('runs.fields.duration'), render: (_v, r) => (runSeconds(r) === null ? '' : formatSeconds(runSeconds(r)!)) },
    { key: 'status', title: t('runs.fields.status'), render: (_v, r) => <RunStatusTag status={r.status} /> },
    { key: 'records', title: t('runs.fields.recordsRead'), align: 'right', dataIndex: 'recordsRead' },
    { key: 'created', title: t('runs.fields.created'), align: 'right', dataIndex: 'offersCreated' },
    { key: 'updated', title: t('runs.fields.updated'), align: 'right', dataIndex: 'offersUpdated' },
    { key: 'unchanged', title: t('runs.fields.unchanged'), align: 'right', dataIndex: 'offersUnchanged' },
    { key: 'expired', title: t('runs.fields.expired'), align: 'right', dataIndex: 'offersExpired' },
    { key: 'productsCreated', title: t('runs.fields.productsCreated'), align: 'right', dataIndex: 'productsCreated' },
    { key: 'productsMatched', title: t('runs.fields.productsMatched'), align: 'right', render: (_v, r) => r.productsMatched ?? '' },
    {
      key: 'rejected',
      title: t('runs.fields.rejected'),
      align: 'right',
      fixed: 'end',
      render: (_v, r) => (r.recordsRejected > 0 ? <Tag color="red">{r.recordsRejected}</Tag> : 0),
    },
  ];

  return (
    <Flex vertical gap={16}>
      {back}
      <Flex justify="space-between" align="center" wrap gap={16}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('runs.titles.page', { feed: feed.data.name, store: store.data?.name ?? '' })}
        </Typography.Title>
        <Button type="primary" icon={<PlayCircleOutlined />} loading={starting.isLoading} disabled={activeRun !== null && startedRunId === null} onClick={run}>
          {t('runs.buttons.run')}
        </Button>
      </Flex>
      {activeRun !== null ? (
        <Card size="small" title={t('runs.titles.current')}>
          <FeedRunProgress runId={activeRun} />
        </Card>
      ) : null}
      {heldRun ? <HeldRun run={heldRun} /> : null}
      <Card size="small" title={t('runs.titles.chart')}>
        <RunsChart runs={list} />
      </Card>
      {runs.error ? <Alert type="error" showIcon title={t('common.loadFailed')} description={runs.error.message} /> : null}
      <Table<AdminFeedRun>
        rowKey="id"
        columns={columns}
        dataSource={list}
        {...tableLoading(runs.isLoading, t('runs.empty'))}
        scroll={{ x: 'max-content' }}
        expandable={{
          fixed: 'start',
          expandRowByClick: true,
          rowExpandable: (r) => !isActiveRun(r.status),
          expandedRowRender: (r) => <RunDiagnostics run={r} />,
        }}
        {...table.tableProps<AdminFeedRun>(runs.data?.pagination)}
      />
    </Flex>
  );
}
