/**
 * A store's feeds (docs/product.md §2 "Admin stores" → Feeds): name with an Inactive badge,
 * importer, URL cut to 50 characters, storage path, create-products, created; edit (also by a
 * row click), duplicate, delete after 'Are you sure you want to delete this feed?'; Add Feed;
 * Run with live progress; the run history page.
 */
import { CopyOutlined, DeleteOutlined, EditOutlined, HistoryOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Store } from '@koopjesland/shared';
import { useNamespaceT } from '@koopjesland/shared';
import { tableLoading, useAdminDates, useAdminMutation, useAdminUrls, useConfirm } from '@koopjesland/shared/admin';
import { Alert, Button, Flex, Space, Table, Tag, Tooltip } from 'antd';
import type { TableProps } from 'antd';
import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import type { FeedFormMode } from './feed-form';
import { FeedFormModal } from './FeedFormModal';
import { FeedRunProgress } from './FeedRunProgress';
import { isActiveRun, useDeleteFeedMutation, useStartFeedRunMutation, useStoreFeedsQuery, type AdminFeed } from './feeds-api';
import { RunStatusTag } from './RunStatusTag';

/** docs/product.md §9: feed URLs are cut at 50 characters. */
export const FEED_URL_MAX = 50;
export const cutUrl = (url: string) => (url.length > FEED_URL_MAX ? `${url.slice(0, FEED_URL_MAX)}...` : url);

export function FeedsTab({ store }: { store: Store }) {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const mutate = useAdminMutation();
  const confirm = useConfirm();
  const { data: feeds, error, isLoading } = useStoreFeedsQuery(store.id);
  const [deleteFeed] = useDeleteFeedMutation();
  const [startRun] = useStartFeedRunMutation();
  const [formMode, setFormMode] = useState<FeedFormMode | null>(null);
  /** Runs started from this page, shown until the page is left. */
  const [startedRuns, setStartedRuns] = useState<Record<number, number>>({});

  const run = async (feed: AdminFeed) => {
    const started = await mutate(startRun(feed.id), { failure: t('runs.startFailed') });
    if (started) setStartedRuns((runs) => ({ ...runs, [feed.id]: started.data.id }));
  };

  const remove = async (feed: AdminFeed) => {
    if (!(await confirm({ content: 'deleteFeed', danger: true }))) return;
    await mutate(deleteFeed(feed.id), { failure: t('feeds.deleteFailed') });
  };

  const stop = (handler: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    handler();
  };

  const columns: TableProps<AdminFeed>['columns'] = [
    {
      key: 'name',
      title: t('feeds.fields.name'),
      render: (_value, feed) => (
        <Space size="small">
          {feed.name}
          {feed.isActive ? null : <Tag>{t('feeds.inactive')}</Tag>}
        </Space>
      ),
    },
    { key: 'importer', dataIndex: 'importer', title: t('feeds.fields.importer') },
    {
      key: 'url',
      dataIndex: 'url',
      title: t('feeds.fields.url'),
      render: (url: string | null) => (url ? <Tooltip title={url}>{cutUrl(url)}</Tooltip> : null),
    },
    { key: 'path', dataIndex: 'path', title: t('feeds.fields.path') },
    {
      key: 'allowCreateProducts',
      title: t('feeds.fields.createProducts'),
      render: (_value, feed) => (feed.allowCreateProducts ? t('common.yes') : t('common.no')),
    },
    { key: 'createdAt', title: t('feeds.fields.created'), render: (_value, feed) => dates.dateTime(feed.createdAt) },
    {
      key: 'lastRun',
      title: t('feeds.fields.lastRun'),
      width: 320,
      render: (_value, feed) => {
        const runId = startedRuns[feed.id] ?? (isActiveRun(feed.lastRun?.status) ? feed.lastRun?.id : undefined);
        if (runId) return <FeedRunProgress runId={runId} />;
        return feed.lastRun ? <RunStatusTag status={feed.lastRun.status} /> : t('feeds.neverRun');
      },
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_value, feed) => (
        <Space size="small" onClick={(event) => event.stopPropagation()}>
          <Button size="small" type="primary" icon={<PlayCircleOutlined />} onClick={stop(() => void run(feed))}>
            {t('runs.buttons.run')}
          </Button>
          <Tooltip title={t('runs.titles.history')}>
            <Button
              size="small"
              icon={<HistoryOutlined />}
              aria-label={t('runs.titles.history')}
              onClick={stop(() => navigate(urls.stores.feed(store.id, feed.id)))}
            />
          </Tooltip>
          <Tooltip title={t('common.edit')}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={stop(() => setFormMode({ kind: 'edit', feed }))} />
          </Tooltip>
          <Tooltip title={t('feeds.buttons.duplicate')}>
            <Button
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('feeds.buttons.duplicate')}
              onClick={stop(() => setFormMode({ kind: 'duplicate', feed }))}
            />
          </Tooltip>
          <Tooltip title={t('common.delete')}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={stop(() => void remove(feed))} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormMode({ kind: 'add' })}>
          {t('feeds.buttons.add')}
        </Button>
      </div>
      {error ? <Alert type="error" showIcon title={t('common.loadFailed')} description={error.message} /> : null}
      <Table<AdminFeed>
        rowKey="id"
        columns={columns}
        dataSource={feeds ?? []}
        {...tableLoading(isLoading, t('feeds.empty'))}
        pagination={false}
        onRow={(feed) => ({ onClick: () => setFormMode({ kind: 'edit', feed }), style: { cursor: 'pointer' } })}
        scroll={{ x: true }}
      />
      {formMode ? (
        <FeedFormModal mode={formMode} storeId={store.id} storeSlug={store.slug} onClose={() => setFormMode(null)} />
      ) : null}
    </Flex>
  );
}
