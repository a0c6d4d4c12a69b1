/**
 * /admin/site-configuration: edits the configuration of the current domain; when none exists yet
 * the create form shows, its first domain row filled with this domain (docs/product.md §8).
 * 'Manage All Configurations' leads to the list.
 */
import { AdminPageLoading, HistoryLink, useAdminMutation, useAdminUrls } from '@koopjesland/shared/admin';
import type { SiteConfiguration } from '@koopjesland/shared';
import { Alert, Card, Flex, Typography } from 'antd';
import { useNamespaceT } from '@koopjesland/shared';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { AdminOnly } from './AdminOnly';
import { formValuesOf, type SiteConfigurationInput } from './configuration-input';
import { SiteConfigurationForm } from './SiteConfigurationForm';
import {
  useCreateSiteConfigurationMutation,
  useSiteConfigurationByDomainQuery,
  useUpdateSiteConfigurationMutation,
} from './site-configuration-api';

function EditCurrent({ configuration }: { configuration: SiteConfiguration }) {
  const { t } = useNamespaceT(NAMESPACE);
  const run = useAdminMutation();
  const [update, { isLoading }] = useUpdateSiteConfigurationMutation();
  const save = async (input: SiteConfigurationInput) => {
    await run(update({ id: configuration.id, input }), {
      success: t('siteConfiguration.updated'),
      failure: t('siteConfiguration.updateFailed'),
    });
  };
  return (
    <Card title={configuration.name} extra={<HistoryLink entity="site-configuration" entityId={configuration.id} />}>
      <SiteConfigurationForm
        key={configuration.updatedAt}
        initialValues={formValuesOf(configuration)}
        submitLabel={t('siteConfiguration.buttons.save')}
        busy={isLoading}
        onSubmit={(input) => void save(input)}
      />
    </Card>
  );
}

function CreateForCurrent({ domain }: { domain: string }) {
  const { t } = useNamespaceT(NAMESPACE);
  const run = useAdminMutation();
  const [create, { isLoading }] = useCreateSiteConfigurationMutation();
  const save = async (input: SiteConfigurationInput) => {
    await run(create(input), { success: t('siteConfiguration.created'), failure: t('siteConfiguration.createFailed') });
  };
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('siteConfiguration.missing')} />
      <Card title={t('siteConfiguration.titles.create')}>
        <SiteConfigurationForm
          initialValues={formValuesOf(null, domain)}
          submitLabel={t('siteConfiguration.buttons.create')}
          busy={isLoading}
          onSubmit={(input) => void save(input)}
        />
      </Card>
    </Flex>
  );
}

function CurrentConfiguration() {
  const { t } = useNamespaceT(NAMESPACE);
  const domain = window.location.hostname;
  const { data, error, isLoading } = useSiteConfigurationByDomainQuery(domain);
  if (isLoading) return <AdminPageLoading />;
  // A not-found means none exists yet for this domain (docs/product.md §8).
  if (error && 'status' in error && error.status === 404) return <CreateForCurrent domain={domain} />;
  if (error || !data) return <Alert type="error" showIcon title={t('siteConfiguration.fetchFailed')} />;
  return <EditCurrent configuration={data} />;
}

export function SiteConfigurationPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  return (
    <AdminOnly>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center">
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('siteConfiguration.titles.current')}
          </Typography.Title>
          <Link to={urls.siteConfigurations.list()}>{t('siteConfiguration.manageAll')}</Link>
        </Flex>
        <CurrentConfiguration />
      </Flex>
    </AdminOnly>
  );
}
