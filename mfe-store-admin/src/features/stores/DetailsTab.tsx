/**
 * The Details tab: the store's statistics (total prices, number of ratings, average rating) and
 * its feeds' health at a glance: last run, its status and offers, and the next scheduled run.
 */
import type { Store, StoreFeed } from '@koopjesland/shared';
import { formatDateTime } from '@koopjesland/shared';
import { Alert, Card, Col, Row, Statistic, Table } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { DEFAULT_INTERVAL_HOURS } from '../feeds/feed-form';
import { isActiveRun, useFeedRunQuery, useStoreFeedsQuery } from '../feeds/feeds-api';
import { RunStatusTag } from '../feeds/RunStatusTag';

const HOUR_MS = 60 * 60 * 1000;

/** The scheduler starts an active feed `intervalHours` after its last run started (docs/feeds.md). */
export function nextScheduledRun(feed: StoreFeed): Date | 'due' | null {
  if (!feed.isActive) return null;
  const interval = typeof feed.parameters.intervalHours === 'number' ? feed.parameters.intervalHours : DEFAULT_INTERVAL_HOURS;
  const last = feed.lastRun?.startedAt;
  if (!last) return 'due';
  const next = new Date(new Date(last).getTime() + interval * HOUR_MS);
  return next.getTime() <= Date.now() ? 'due' : next;
}

/** The offers a finished run wrote (created, updated and unchanged). */
function LastRunOffers({ runId }: { runId: number }) {
  const { data: run } = useFeedRunQuery(runId);
  if (!run || isActiveRun(run.status)) return null;
  return <>{run.offersCreated + run.offersUpdated + run.offersUnchanged}</>;
}

export function DetailsTab({ store }: { store: Store }) {
  const { t } = useTranslation(NAMESPACE);
  const { data: feeds, error, isLoading } = useStoreFeedsQuery(store.id);

  const columns: TableProps<StoreFeed>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('feeds.fields.name') },
    {
      key: 'lastRun',
      title: t('feeds.fields.lastRun'),
      render: (_value, feed) => (feed.lastRun ? formatDateTime(feed.lastRun.finishedAt ?? feed.lastRun.startedAt) : t('feeds.neverRun')),
    },
    {
      key: 'status',
      title: t('runs.fields.status'),
      render: (_value, feed) => (feed.lastRun ? <RunStatusTag status={feed.lastRun.status} /> : null),
    },
    {
      key: 'offers',
      title: t('runs.fields.offers'),
      align: 'right',
      render: (_value, feed) => (feed.lastRun ? <LastRunOffers runId={feed.lastRun.id} /> : null),
    },
    {
      key: 'next',
      title: t('feeds.fields.nextRun'),
      render: (_value, feed) => {
        const next = nextScheduledRun(feed);
        if (next === null) return t('feeds.inactive');
        return next === 'due' ? t('feeds.due') : formatDateTime(next);
      },
    },
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('stores.fields.totalPrices')} value={store._count?.prices ?? 0} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('stores.fields.ratings')} value={store._count?.storeRatings ?? 0} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic
            title={t('stores.fields.averageRating')}
            value={store.averageRating === null ? t('stores.noRating') : store.averageRating.toFixed(1)}
            suffix={store.averageRating === null ? undefined : '/ 5'}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('stores.titles.feedHealth')}>
          {error ? <Alert type="error" showIcon title={t('common.loadFailed')} description={error.message} /> : null}
          <Table<StoreFeed>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={feeds ?? []}
            loading={isLoading}
            pagination={false}
            locale={{ emptyText: t('feeds.empty') }}
          />
        </Card>
      </Col>
    </Row>
  );
}
