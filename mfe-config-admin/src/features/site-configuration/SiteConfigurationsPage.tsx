/** /admin/site-configurations: a card per configuration (create/edit overlay is later work). */
import { Alert, Card, Col, Empty, Flex, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { AdminOnly } from './AdminOnly';
import { SiteConfigurationDetails } from './SiteConfigurationDetails';
import { useAllSiteConfigurationsQuery } from './site-configuration-api';

function ConfigurationCards() {
  const { t } = useTranslation(NAMESPACE);
  const { data, error, isLoading } = useAllSiteConfigurationsQuery();
  if (isLoading) return <Spin />;
  if (error || !data) return <Alert type="error" showIcon title={t('siteConfiguration.fetchAllFailed')} />;
  if (data.length === 0) return <Empty description={t('siteConfiguration.empty')} />;
  return (
    <Row gutter={[16, 16]}>
      {data.map((configuration) => (
        <Col key={configuration.id} xs={24} lg={12} xl={8}>
          <Card title={configuration.name}>
            <SiteConfigurationDetails configuration={configuration} compact />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export function SiteConfigurationsPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <AdminOnly>
      <Flex vertical gap={16}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('siteConfiguration.titles.all')}
        </Typography.Title>
        <ConfigurationCards />
      </Flex>
    </AdminOnly>
  );
}
