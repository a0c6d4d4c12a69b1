/**
 * /admin/stores/{id}?tab=details|products|prices|feeds (docs/product.md §2 "Admin stores"):
 * header with logo, name, slug, URL, total prices and average rating out of 5; Edit Store mode
 * (Save Changes or Cancel, which resets); tabs with counts chosen by the `tab` parameter.
 */
import { EditOutlined } from '@ant-design/icons';
import type { Store } from '@koopjesland/shared';
import { AdminPageLoading, HistoryLink, useAdminMutation, useAdminUrls } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Descriptions, Flex, Form, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { statusOf } from '../query-errors';
import { FeedsTab } from '../feeds/FeedsTab';
import { DetailsTab } from './DetailsTab';
import { StorePricesTab } from './StorePricesTab';
import { StoreProductsTab } from './StoreProductsTab';
import { StoreForm, toStoreInput, type StoreFormValues } from './StoreFormFields';
import { NotYourStore, useStoreAccess } from './store-access';
import { StoreLogo } from './StoreLogo';
import { useStoreQuery, useUpdateStoreMutation } from './stores-api';

export const STORE_TABS = ['details', 'products', 'prices', 'feeds'] as const;
export type StoreTab = (typeof STORE_TABS)[number];

/** docs/product.md §9: a rating out of 5 with one decimal. */
export const formatRating = (rating: number) => `${rating.toFixed(1)} / 5`;

function StoreHeader({ store }: { store: Store }) {
  const { t } = useNamespaceT(NAMESPACE);
  const run = useAdminMutation();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<StoreFormValues>();
  const [updateStore, { isLoading }] = useUpdateStoreMutation();
  const storeValues: StoreFormValues = { name: store.name, slug: store.slug, url: store.url, logo: store.logo ?? '' };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (await run(updateStore({ id: store.id, changes: toStoreInput(values) }), { failure: t('stores.updateFailed') })) setEditing(false);
  };

  return (
    <Card>
      <Flex gap={24} align="start" wrap>
        <StoreLogo name={store.name} logo={store.logo} logoCopy={store.logoCopy} size={72} />
        <Flex vertical gap={8} style={{ flex: 1, minWidth: 280 }}>
          {editing ? (
            <>
              <StoreForm form={form} name="edit-store" initialValues={storeValues} slugStartsManual onFinish={save} />
              <Flex gap={8}>
                <Button type="primary" loading={isLoading} onClick={save}>
                  {t('stores.buttons.saveChanges')}
                </Button>
                <Button
                  onClick={() => {
                    form.setFieldsValue(storeValues);
                    setEditing(false);
                  }}
                >
                  {t('common.cancel')}
                </Button>
              </Flex>
            </>
          ) : (
            <>
              <Flex justify="space-between" align="center" gap={16}>
                <Typography.Title level={2} style={{ margin: 0 }}>
                  {store.name}
                </Typography.Title>
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  {t('stores.buttons.edit')}
                </Button>
              </Flex>
              <Descriptions column={{ xs: 1, md: 2 }} size="small">
                <Descriptions.Item label={t('stores.fields.slug')}>{store.slug}</Descriptions.Item>
                <Descriptions.Item label={t('stores.fields.url')}>
                  <a href={store.url} target="_blank" rel="noopener noreferrer">
                    {store.url}
                  </a>
                </Descriptions.Item>
                <Descriptions.Item label={t('stores.fields.totalPrices')}>{store._count?.prices ?? 0}</Descriptions.Item>
                <Descriptions.Item label={t('stores.fields.averageRating')}>
                  {store.averageRating === null ? t('stores.noRating') : formatRating(store.averageRating)}
                </Descriptions.Item>
              </Descriptions>
            </>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

export function StoreDetailPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const [params, setParams] = useSearchParams();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const mine = useStoreAccess().managesStore(id);
  const { data: store, error, isLoading } = useStoreQuery(id, { skip: !valid || !mine });
  const requested = params.get('tab') as StoreTab | null;
  const tab: StoreTab = requested && STORE_TABS.includes(requested) ? requested : 'details';
  const back = (
    <div>
      <Button onClick={() => navigate(urls.stores.list())}>{t('stores.buttons.back')}</Button>
    </div>
  );

  if (valid && !mine) return <NotYourStore reason="store" />;
  if (isLoading) return <AdminPageLoading />;
  if (!valid || statusOf(error) === 404) {
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
        <Alert type="error" showIcon title={t('common.loadFailed')} description={error?.message} />
        {back}
      </Flex>
    );
  }

  const prices = store._count?.prices ?? 0;
  const withCount = (label: string, count: number) => `${label} (${count})`;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" wrap gap={8}>
        {back}
        <HistoryLink entity="store" entityId={store.id} />
      </Flex>
      <StoreHeader key={store.updatedAt} store={store} />
      <Tabs
        activeKey={tab}
        // Each tab keeps its own list state in the address; switching starts it afresh.
        onChange={(key) => setParams(key === 'details' ? {} : { tab: key })}
        destroyOnHidden
        items={[
          { key: 'details', label: t('stores.tabs.details'), children: <DetailsTab store={store} /> },
          { key: 'products', label: withCount(t('stores.tabs.products'), store._count?.products ?? prices), children: <StoreProductsTab store={store} /> },
          { key: 'prices', label: withCount(t('stores.tabs.prices'), prices), children: <StorePricesTab store={store} /> },
          { key: 'feeds', label: withCount(t('stores.tabs.feeds'), store._count?.feeds ?? 0), children: <FeedsTab store={store} /> },
        ]}
      />
    </Flex>
  );
}
