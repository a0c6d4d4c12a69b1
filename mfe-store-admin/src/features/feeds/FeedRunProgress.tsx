/**
 * A run's live progress: the progress lives in the
 * database, so any admin who opens the page mid-run sees it; it is polled at most once a second
 * while the run is queued or running, then shows the result. A running run can be cancelled.
 */
import { Button, Flex, Progress, Space, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { useDispatch } from 'react-redux';
import { storeAdminApi } from '../../api';
import { NAMESPACE } from '../../i18n';
import { isActiveRun, RUN_POLL_MS, useCancelFeedRunMutation, useFeedRunQuery, type AdminFeedRun } from './feeds-api';
import { RunStatusTag } from './RunStatusTag';

/** Percent of the file read; a finished good run is 100. */
export function runPercent(run: AdminFeedRun): number {
  if (run.status === 'succeeded') return 100;
  if (run.bytesTotal && run.bytesTotal > 0) return Math.min(100, Math.floor((run.bytesRead / run.bytesTotal) * 100));
  return 0;
}

/** Records per second since the run started (until it finished). */
export function recordsPerSecond(run: AdminFeedRun, now = Date.now()): number | null {
  if (typeof run.recordsPerSecond === 'number') return Math.round(run.recordsPerSecond);
  if (!run.startedAt) return null;
  const end = run.finishedAt ? new Date(run.finishedAt).getTime() : now;
  const seconds = (end - new Date(run.startedAt).getTime()) / 1000;
  return seconds > 0 ? Math.round(run.recordsRead / seconds) : null;
}

const numberFormat = new Intl.NumberFormat('nl-NL');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

export function FeedRunProgress({ runId, onFinished }: { runId: number; onFinished?: (run: AdminFeedRun) => void }) {
  const { t } = useNamespaceT(NAMESPACE);
  const dispatch = useDispatch();
  const { data: run } = useFeedRunQuery(runId, { pollingInterval: RUN_POLL_MS, skipPollingIfUnfocused: false });
  const [cancelRun, cancelling] = useCancelFeedRunMutation();
  const active = isActiveRun(run?.status);
  const wasActive = useRef(false);

  useEffect(() => {
    if (!run) return;
    if (active) wasActive.current = true;
    else if (wasActive.current) {
      // The run ended while we watched: lists, counts and offers may have changed.
      wasActive.current = false;
      dispatch(storeAdminApi.util.invalidateTags(['Feed', 'FeedRun', 'Store', 'StoreProduct', 'Price']));
      onFinished?.(run);
    }
  }, [run, active, dispatch, onFinished]);

  if (!run) return <Progress percent={0} size="small" status="active" aria-label={t('runs.progress')} />;
  const perSecond = recordsPerSecond(run);
  const status = run.status === 'succeeded' ? 'success' : active ? 'active' : run.status === 'held' ? 'normal' : 'exception';

  return (
    <Flex vertical gap={4} data-testid={`run-progress-${run.id}`}>
      <Progress percent={runPercent(run)} status={status} aria-label={t('runs.progress')} />
      <Space wrap size="small">
        <RunStatusTag status={run.status} />
        {active && run.phase ? <Tag>{t(`runs.phases.${run.phase}`)}</Tag> : null}
        <Typography.Text type="secondary">
          {t('runs.readSummary', {
            bytes: formatBytes(run.bytesRead),
            total: run.bytesTotal ? formatBytes(run.bytesTotal) : '?',
            records: numberFormat.format(run.recordsRead),
          })}
        </Typography.Text>
        {perSecond !== null ? (
          <Typography.Text type="secondary">{t('runs.perSecond', { value: numberFormat.format(perSecond) })}</Typography.Text>
        ) : null}
        {active ? (
          <Button size="small" danger loading={cancelling.isLoading} onClick={() => cancelRun(run.id)}>
            {t('runs.buttons.cancel')}
          </Button>
        ) : null}
      </Space>
      {!active && run.status === 'succeeded' ? (
        <Typography.Text>
          {t('runs.resultSummary', {
            created: run.offersCreated,
            updated: run.offersUpdated,
            unchanged: run.offersUnchanged,
            expired: run.offersExpired,
            rejected: run.recordsRejected,
          })}
        </Typography.Text>
      ) : null}
      {!active && run.failureReason ? <Typography.Text type="danger">{run.failureReason}</Typography.Text> : null}
    </Flex>
  );
}
