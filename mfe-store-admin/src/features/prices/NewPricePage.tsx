/** /admin/prices/new: an offer made by hand for a product in a store. */
import { useAdminNotices, useAdminUrls } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Flex, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { PriceFields, toPriceChanges, type PriceFormValues } from './PriceForm';
import { useCreatePriceMutation, useStoreOptionsQuery } from './prices-api';
import { ProductSelect } from './ProductSelect';

interface NewPriceValues extends PriceFormValues {
  productId?: number;
  storeId?: number;
}

export function NewPricePage() {
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const notices = useAdminNotices();
  const [form] = Form.useForm<NewPriceValues>();
  const stores = useStoreOptionsQuery();
  const [createPrice, { isLoading }] = useCreatePriceMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (values: NewPriceValues) => {
    setFailure(null);
    const result = await createPrice({ ...toPriceChanges(values), productId: values.productId!, storeId: values.storeId! });
    if (result.error) {
      setFailure(result.error.message || t('prices.saveFailed'));
      return;
    }
    notices.success(t('prices.created'));
    navigate(urls.prices.detail(result.data.id));
  };

  return (
    <Flex vertical gap={16}>
      <div>
        <Button onClick={() => navigate(urls.prices.list())}>{t('prices.buttons.back')}</Button>
      </div>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('prices.titles.new')}
      </Typography.Title>
      <Card style={{ maxWidth: 720 }}>
        {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
        <Form<NewPriceValues> form={form} name="new-price" layout="vertical" initialValues={{ shipping: 0 }} onFinish={save}>
          <Form.Item name="productId" label={t('prices.fields.product')} rules={[{ required: true, message: t('prices.validation.productRequired') }]}>
            <ProductSelect placeholder={t('prices.filters.product')} />
          </Form.Item>
          <Form.Item name="storeId" label={t('prices.fields.store')} rules={[{ required: true, message: t('prices.validation.storeRequired') }]}>
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              loading={stores.isLoading}
              placeholder={t('prices.filters.store')}
              options={(stores.data ?? []).map((store) => ({ value: store.id, label: store.name }))}
            />
          </Form.Item>
          <PriceFields />
          <Button type="primary" htmlType="submit" loading={isLoading}>
            {t('prices.buttons.create')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
