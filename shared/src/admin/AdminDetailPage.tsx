/**
 * The admin's one frame for a record's page: it waits for the record (the kit's page skeleton),
 * answers a missing record with the area's own not-found text, any other failure with 'Failed
 * to load data. Please try again.' and the API's message, and shows a loaded record with the
 * Back button at the top left, the history link at the top right, the title with the page's
 * actions beside it, then the page's own content. Every detail page reads the same way.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useConfirm } from './feedback';
import { HistoryLink } from './HistoryLink';
import { useAdminKitT } from './i18n';
import { AdminPageLoading } from './loading';

/** What a detail page's query gives (RTK Query's `useXQuery` result fits). */
export interface RecordQuery<Record> {
  data?: Record;
  error?: unknown;
  isLoading: boolean;
}

export interface AdminDetailPageProps<Record> {
  query: RecordQuery<Record>;
  /** The area's text for a record that does not exist ('Store not found'). */
  notFound: string;
  /** The spec's own text for a failed load where it names one; else the kit's. */
  loadFailed?: string;
  back: { to: string; label: string };
  title: (record: Record) => ReactNode;
  /** The audit trail entity, when the record has a history. */
  history?: (record: Record) => { entity: string; entityId: number | string };
  /** Buttons beside the title (Edit). */
  actions?: (record: Record) => ReactNode;
  /**
   * A red Delete button beside the title: asks `confirm`, runs `run` (a write read through
   * `useAdminMutation`, which says how it went) and on success goes back to the list.
   */
  remove?: {
    label: string;
    confirm: string | ((record: Record) => string);
    run: (record: Record) => Promise<unknown>;
    /** The record may not be removed (an admin's own account). */
    disabled?: (record: Record) => boolean;
  };
  children: (record: Record) => ReactNode;
}

const statusOf = (error: unknown) =>
  error && typeof error === 'object' && 'status' in error ? (error as { status: unknown }).status : undefined;
const messageOf = (error: unknown) =>
  error && typeof error === 'object' && 'message' in error ? String((error as { message: unknown }).message) : undefined;

export function AdminDetailPage<Record>({ query, notFound, loadFailed, back, title, history, actions, remove, children }: AdminDetailPageProps<Record>) {
  const { t } = useAdminKitT();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState(false);
  const backButton = (
    <Link to={back.to}>
      <Button>{back.label}</Button>
    </Link>
  );
  if (query.isLoading) return <AdminPageLoading />;
  const record = query.data;
  if (!record) {
    const missing = !query.error || statusOf(query.error) === 404;
    return (
      <Flex vertical gap={16} align="start">
        <Alert
          type="error"
          showIcon
          title={missing ? notFound : (loadFailed ?? t('loadFailed'))}
          description={missing ? undefined : messageOf(query.error)}
        />
        {backButton}
      </Flex>
    );
  }
  const entity = history?.(record);
  const askRemove = async () => {
    const text = typeof remove?.confirm === 'function' ? remove.confirm(record) : remove?.confirm;
    if (!remove || !(await confirm({ content: { text }, danger: true }))) return;
    setRemoving(true);
    const removed = await remove.run(record);
    setRemoving(false);
    if (removed) navigate(back.to);
  };
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        {backButton}
        {entity ? <HistoryLink entity={entity.entity} entityId={entity.entityId} /> : null}
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title(record)}
        </Typography.Title>
        {actions || remove ? (
          <Flex gap={8}>
            {actions?.(record)}
            {remove ? (
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={remove.disabled?.(record)}
                loading={removing}
                onClick={() => void askRemove()}
              >
                {remove.label}
              </Button>
            ) : null}
          </Flex>
        ) : null}
      </Flex>
      {children(record)}
    </Flex>
  );
}
