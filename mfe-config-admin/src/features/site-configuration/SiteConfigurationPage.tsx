/** /admin/site-configuration: the configuration of the current domain, read-only for now. */
import { useAdminPath } from '@koopjesland/shared/admin';
import { Alert, Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { AdminOnly } from './AdminOnly';
import { SiteConfigurationDetails } from './SiteConfigurationDetails';
import { useSiteConfigurationByDomainQuery } from './site-configuration-api';

function CurrentConfiguration() {
  const { t } = useTranslation(NAMESPACE);
  const { data, error, isLoading } = useSiteConfigurationByDomainQuery(window.location.hostname);
  if (isLoading) return <Spin />;
  // A not-found means none exists yet for this domain (docs/product.md §8).
  if (error && 'status' in error && error.status === 404) return <Alert type="info" showIcon title={t('siteConfiguration.missing')} />;
  if (error || !data) return <Alert type="error" showIcon title={t('siteConfiguration.fetchFailed')} />;
  return (
    <Card>
      <SiteConfigurationDetails configuration={data} />
    </Card>
  );
}

export function SiteConfigurationPage() {
  const { t } = useTranslation(NAMESPACE);
  const adminPath = useAdminPath();
  return (
    <AdminOnly>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center">
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('siteConfiguration.titles.current')}
          </Typography.Title>
          <Link to={adminPath('site-configurations')}>{t('siteConfiguration.manageAll')}</Link>
        </Flex>
        <CurrentConfiguration />
      </Flex>
    </AdminOnly>
  );
}
