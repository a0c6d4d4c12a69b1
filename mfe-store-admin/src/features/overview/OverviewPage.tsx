/**
 * /admin/overview: a role's home, where /admin leads a store manager or a merchandiser (an admin
 * keeps the specification's /admin → users and finds this one click away in the sidebar). It
 * shows the sections the API returns for the role, each entry linking to the screen where it is
 * handled, and each section to its whole list.
 */
import { formatMoney, useNamespaceT, type AdminOverview } from '@koopjesland/shared';
import { AdminPageLoading, useAdminDates, useAdminUrls } from '@koopjesland/shared/admin';
import { Alert, Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { RunStatusTag } from '../feeds/RunStatusTag';
import { useAdminOverviewQuery } from './overview-api';

const listStyle = { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 } as const;

/** One section: a titled region with its count, its entries (or why there are none) and a link to its whole list. */
function OverviewSection(props: { title: string; total: number; empty: string; allHref: string; children: ReactNode[] }) {
  const { t } = useNamespaceT(NAMESPACE);
  return (
    <section aria-label={props.title}>
      <Card
        title={
          <Flex gap={8} align="center">
            {props.title}
            <Tag>{props.total}</Tag>
          </Flex>
        }
        extra={<Link to={props.allHref}>{t('overview.showAll', { count: props.total })}</Link>}
      >
        {props.children.length ? <ul style={listStyle}>{props.children}</ul> : <Typography.Text type="secondary">{props.empty}</Typography.Text>}
      </Card>
    </section>
  );
}

function StoresSection({ section }: { section: NonNullable<AdminOverview['stores']> }) {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const dates = useAdminDates();
  return (
    <OverviewSection title={t('overview.stores.title')} total={section.total} empty={t('overview.stores.empty')} allHref={urls.stores.list()}>
      {section.entries.map((store) => (
        <li key={store.id}>
          <Link to={urls.stores.detail(store.id)} style={{ fontWeight: 600 }}>
            {store.name}
          </Link>
          {store.feeds.length ? (
            <ul style={{ ...listStyle, gap: 4, paddingInlineStart: 16, marginTop: 4 }}>
              {store.feeds.map((feed) => (
                <li key={feed.id}>
                  <Flex gap={8} wrap align="center">
                    <Link to={urls.stores.feed(store.id, feed.id)}>{feed.name}</Link>
                    {feed.lastRun ? (
                      <>
                        <RunStatusTag status={feed.lastRun.status} />
                        <Typography.Text type="secondary">{dates.dateTime(feed.lastRun.finishedAt ?? feed.lastRun.createdAt)}</Typography.Text>
                      </>
                    ) : (
                      <Typography.Text type="secondary">{t('overview.stores.noRuns')}</Typography.Text>
                    )}
                  </Flex>
                </li>
              ))}
            </ul>
          ) : (
            <div>
              <Link to={urls.stores.detail(store.id, 'feeds')}>{t('overview.stores.noFeeds')}</Link>
            </div>
          )}
        </li>
      ))}
    </OverviewSection>
  );
}

function HeldPricesSection({ section }: { section: NonNullable<AdminOverview['heldPrices']> }) {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const dates = useAdminDates();
  return (
    <OverviewSection title={t('overview.heldPrices.title')} total={section.total} empty={t('overview.heldPrices.empty')} allHref={urls.heldPrices.list()}>
      {section.entries.map((held) => (
        <li key={held.priceId}>
          <Link to={urls.heldPrices.list(held.store.id)}>{held.product.name}</Link>{' '}
          <Typography.Text>{t('overview.heldPrices.entry', { price: formatMoney(held.total), store: held.store.name })}</Typography.Text>{' '}
          <Typography.Text type="secondary">{t('overview.heldPrices.since', { date: dates.dateTime(held.heldSince) })}</Typography.Text>
        </li>
      ))}
    </OverviewSection>
  );
}

function PriceReportsSection({ section }: { section: NonNullable<AdminOverview['priceReports']> }) {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const dates = useAdminDates();
  return (
    <OverviewSection
      title={t('overview.priceReports.title')}
      total={section.total}
      empty={t('overview.priceReports.empty')}
      allHref={urls.priceReports.list()}
    >
      {section.entries.map((report) => (
        <li key={report.priceId}>
          <Link to={urls.priceReports.list(report.store.id)}>{report.product.name}</Link>{' '}
          <Typography.Text>{t('overview.priceReports.entry', { count: report.count, store: report.store.name })}</Typography.Text>{' '}
          <Typography.Text type="secondary">{t('overview.priceReports.last', { date: dates.dateTime(report.lastReportedAt) })}</Typography.Text>
        </li>
      ))}
    </OverviewSection>
  );
}

function UnmappedAliasesSection({ section }: { section: NonNullable<AdminOverview['unmappedAliases']> }) {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  return (
    <OverviewSection
      title={t('overview.unmappedAliases.title')}
      total={section.total}
      empty={t('overview.unmappedAliases.empty')}
      allHref={urls.bulkCategoryAlias.list()}
    >
      {section.entries.map((alias) => (
        <li key={alias.id}>
          <Link to={urls.categoryAliases.detail(alias.id)}>{alias.path}</Link>{' '}
          <Typography.Text type="secondary">{t('overview.offers', { count: alias.offerCount })}</Typography.Text>
        </li>
      ))}
    </OverviewSection>
  );
}

function ProductsWithoutCategorySection({ section }: { section: NonNullable<AdminOverview['productsWithoutCategory']> }) {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  return (
    <OverviewSection
      title={t('overview.productsWithoutCategory.title')}
      total={section.total}
      empty={t('overview.productsWithoutCategory.empty')}
      allHref={urls.products.withoutCategory()}
    >
      {section.entries.map((product) => (
        <li key={product.id}>
          <Link to={urls.products.detail(product.id)}>{product.name}</Link>{' '}
          <Typography.Text type="secondary">{t('overview.offers', { count: product.offerCount })}</Typography.Text>
        </li>
      ))}
    </OverviewSection>
  );
}

export function OverviewPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const { data, error, isLoading } = useAdminOverviewQuery();
  if (isLoading) return <AdminPageLoading />;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('overview.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('overview.explanation')}
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={t('common.loadFailed')} description={error.message} /> : null}
      {data?.stores ? <StoresSection section={data.stores} /> : null}
      {data?.unmappedAliases ? <UnmappedAliasesSection section={data.unmappedAliases} /> : null}
      {data?.heldPrices ? <HeldPricesSection section={data.heldPrices} /> : null}
      {data?.priceReports ? <PriceReportsSection section={data.priceReports} /> : null}
      {data?.productsWithoutCategory ? <ProductsWithoutCategorySection section={data.productsWithoutCategory} /> : null}
    </Flex>
  );
}
