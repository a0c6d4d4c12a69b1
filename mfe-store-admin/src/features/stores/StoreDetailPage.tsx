/** /admin/stores/{id}: read-only details for now (tabs and editing are later work). */
import { formatDateTime } from '@koopjesland/shared';
import { useAdminPath } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Descriptions, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { StoreLogo } from './StoreLogo';
import { useStoreQuery } from './stores-api';

export function StoreDetailPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: store, error, isLoading } = useStoreQuery(id, { skip: !valid });
  const back = (
    <div>
      <Button onClick={() => navigate(adminPath('stores'))}>{t('stores.buttons.back')}</Button>
    </div>
  );

  if (isLoading) return <Spin />;
  if (!valid || (error && 'status' in error && error.status === 404)) {
    return (
      <Flex vertical gap={16}>
        <Alert type="error" showIcon title={t('stores.notFound')} />
        {back}
      </Flex>
    );
  }
  if (error || !store) {
    return (
      <Flex vertical gap={16}>
        <Alert type="error" showIcon title={t('stores.loadFailed')} description={error?.message} />
        {back}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      {back}
      <Flex align="center" gap={16}>
        <StoreLogo name={store.name} logo={store.logo} size={56} />
        <Typography.Title level={2} style={{ margin: 0 }}>
          {store.name}
        </Typography.Title>
      </Flex>
      <Card title={t('stores.titles.detail')}>
        <Descriptions column={1} bordered>
          <Descriptions.Item label={t('stores.fields.name')}>{store.name}</Descriptions.Item>
          <Descriptions.Item label={t('stores.fields.slug')}>{store.slug}</Descriptions.Item>
          <Descriptions.Item label={t('stores.fields.url')}>
            <a href={store.url} target="_blank" rel="noopener noreferrer">
              {store.url}
            </a>
          </Descriptions.Item>
          <Descriptions.Item label={t('stores.fields.totalPrices')}>{store._count?.prices ?? 0}</Descriptions.Item>
          <Descriptions.Item label={t('stores.fields.averageRating')}>
            {store.averageRating === null ? t('stores.noRating') : `${store.averageRating.toFixed(1)} / 5`}
          </Descriptions.Item>
          <Descriptions.Item label={t('stores.fields.ratings')}>{store._count?.storeRatings ?? 0}</Descriptions.Item>
          <Descriptions.Item label={t('stores.fields.feeds')}>{store._count?.feeds ?? 0}</Descriptions.Item>
          <Descriptions.Item label={t('stores.fields.lastPriceUpdate')}>{formatDateTime(store.lastPriceUpdate)}</Descriptions.Item>
        </Descriptions>
      </Card>
    </Flex>
  );
}
