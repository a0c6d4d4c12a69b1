/**
 * What went wrong in one run and what changed: the
 * rejected records grouped by reason with counts and up to 20 examples (line number and the
 * offending value), and the difference from the previous successful run, largest drops first.
 */
import type { FeedRecordError } from '@koopjesland/shared';
import { useNamespaceT, formatMoney } from '@koopjesland/shared';
import { AdminEmpty, AdminPageLoading, tableLoading, useAdminUrls } from '@koopjesland/shared/admin';
import { Alert, Card, Col, Collapse, Flex, Row, Segmented, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import {
  useFeedRunDiffQuery,
  useFeedRunProblemsQuery,
  type AdminFeedRun,
  type FeedChangeKind,
  type FeedOfferChange,
  type FeedProblemGroup,
} from './feeds-api';

export const PROBLEM_EXAMPLES_SHOWN = 20;

/** The run's own error sample grouped by reason: what the page shows if the grouped call fails. */
export function groupErrorSample(sample: FeedRecordError[]): FeedProblemGroup[] {
  const groups = new Map<string, FeedProblemGroup>();
  for (const error of sample) {
    const group = groups.get(error.reason) ?? { reason: error.reason, count: 0, examples: [] };
    group.count += 1;
    group.examples.push({ position: error.position });
    groups.set(error.reason, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

function ProblemGroups({ run }: { run: AdminFeedRun }) {
  const { t } = useNamespaceT(NAMESPACE);
  const { data, error, isLoading } = useFeedRunProblemsQuery(run.id);
  if (isLoading) return <AdminPageLoading />;
  const groups = data ?? (error ? groupErrorSample(run.errorSample) : []);
  if (groups.length === 0) return <AdminEmpty description={t('runs.noProblems')} />;
  return (
    <Collapse
      size="small"
      items={groups.map((group) => ({
        key: group.reason,
        label: (
          <Typography.Text>
            {t(`runs.reasons.${group.reason}`, { defaultValue: group.reason })} <Typography.Text type="secondary">({t('runs.records', { count: group.count })})</Typography.Text>
          </Typography.Text>
        ),
        children: (
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {group.examples.slice(0, PROBLEM_EXAMPLES_SHOWN).map((example) => (
              <li key={example.position}>
                <span>{t('runs.line', { line: example.position })}</span>
                {example.value ? (
                  <>
                    {': '}
                    <Typography.Text code>{example.value}</Typography.Text>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ),
      }))}
    />
  );
}

const DIFF_KINDS: FeedChangeKind[] = ['changed', 'new', 'removed'];
const DIFF_PAGE_SIZE = 10;

function RunDiff({ run }: { run: AdminFeedRun }) {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const [kind, setKind] = useState<FeedChangeKind>('changed');
  const [page, setPage] = useState(1);
  const { data: diff, error, isLoading, isFetching } = useFeedRunDiffQuery({ runId: run.id, kind, page, limit: DIFF_PAGE_SIZE });
  if (isLoading) return <AdminPageLoading />;
  if (error) return <Alert type="warning" showIcon title={t('runs.diffUnavailable')} description={error.message} />;
  if (!diff || diff.previousRunId === null) return <AdminEmpty description={t('runs.noPreviousRun')} />;
  const money = (cents: number | null) => (cents === null ? '' : formatMoney(cents));
  return (
    <Flex vertical gap={16}>
      <Row gutter={16}>
        <Col span={8}>
          <Statistic title={t('runs.diff.newOffers')} value={diff.summary.newOffers} />
        </Col>
        <Col span={8}>
          <Statistic title={t('runs.diff.removedOffers')} value={diff.summary.removedOffers} />
        </Col>
        <Col span={8}>
          <Statistic title={t('runs.diff.priceChanges')} value={diff.summary.priceChanges} />
        </Col>
      </Row>
      <Segmented<FeedChangeKind>
        value={kind}
        onChange={(value) => {
          setKind(value);
          setPage(1);
        }}
        options={DIFF_KINDS.map((value) => ({ value, label: t(`runs.diff.kinds.${value}`) }))}
      />
      <Table<FeedOfferChange>
        size="small"
        rowKey="priceId"
        dataSource={diff.changes}
        {...tableLoading(isFetching, t('runs.diff.none'))}
        pagination={{
          current: page,
          pageSize: DIFF_PAGE_SIZE,
          total: diff.pagination.totalItems,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'product',
            title: t('prices.fields.product'),
            render: (_value, change) => <Link to={urls.products.detail(change.productId)}>{change.productName}</Link>,
          },
          { key: 'before', title: t('runs.diff.before'), align: 'right', render: (_value, change) => money(change.oldTotal) },
          { key: 'after', title: t('runs.diff.after'), align: 'right', render: (_value, change) => money(change.newTotal) },
          {
            key: 'change',
            title: t('runs.diff.change'),
            align: 'right',
            render: (_value, change) =>
              change.change === null ? null : (
                <Typography.Text type={change.change < 0 ? 'success' : 'danger'}>
                  {change.change > 0 ? '+' : ''}
                  {formatMoney(change.change)}
                </Typography.Text>
              ),
          },
        ]}
      />
    </Flex>
  );
}

export function RunDiagnostics({ run }: { run: AdminFeedRun }) {
  const { t } = useNamespaceT(NAMESPACE);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('runs.titles.problems', { count: run.recordsRejected })}>
          {run.failureReason ? <Alert type="error" showIcon title={run.failureReason} style={{ marginBottom: 12 }} /> : null}
          <ProblemGroups run={run} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('runs.titles.diff')}>
          <RunDiff run={run} />
        </Card>
      </Col>
    </Row>
  );
}
