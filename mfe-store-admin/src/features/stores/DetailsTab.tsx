/**
 * The Details tab: the store's statistics (total prices, number of ratings, average rating) and
 * its feeds' health at a glance: last run, its status and offers, and the next scheduled run.
 */
import { tableLoading, useAdminDates } from '@koopjesland/shared/admin';
import type { Store } from '@koopjesland/shared';
import { useNamespaceT } from '@koopjesland/shared';
import { Alert, Card, Col, Row, Statistic, Table } from 'antd';
import type { TableProps } from 'antd';
import { NAMESPACE } from '../../i18n';
import { isActiveRun, useStoreFeedsQuery, type AdminFeed } from '../feeds/feeds-api';
import { RunStatusTag } from '../feeds/RunStatusTag';

/** The offers a finished run wrote (created, updated and unchanged). */
const offersOfLastRun = (feed: AdminFeed) =>
  feed.lastRun && !isActiveRun(feed.lastRun.status)
    ? feed.lastRun.offersCreated + feed.lastRun.offersUpdated + feed.lastRun.offersUnchanged
    : null;

export function DetailsTab({ store }: { store: Store }) {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const { data: feeds, error, isLoading } = useStoreFeedsQuery(store.id);

  const columns: TableProps<AdminFeed>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('feeds.fields.name') },
    {
      key: 'lastRun',
      title: t('feeds.fields.lastRun'),
      render: (_value, feed) => (feed.lastRun ? dates.dateTime(feed.lastRun.finishedAt ?? feed.lastRun.startedAt) : t('feeds.neverRun')),
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
      render: (_value, feed) => feed.offerCount ?? offersOfLastRun(feed),
    },
    {
      key: 'next',
      title: t('feeds.fields.nextRun'),
      render: (_value, feed) => {
        if (!feed.isActive || !feed.nextRunAt) return t('feeds.inactive');
        return new Date(feed.nextRunAt).getTime() <= Date.now() ? t('feeds.due') : dates.dateTime(feed.nextRunAt);
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
          <Table<AdminFeed>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={feeds ?? []}
            {...tableLoading(isLoading, t('feeds.empty'))}
            pagination={false}
          />
        </Card>
      </Col>
    </Row>
  );
}
