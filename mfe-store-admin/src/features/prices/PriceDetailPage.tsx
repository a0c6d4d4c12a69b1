/**
 * /admin/prices/{id}: the offer's fields, its price history as a chart, edit
 * (amount, shipping, URL, delivery time, valid to) and delete. An edit appends to the history
 * and refreshes the product's lowest price on the server, as an import does.
 */
import { useNamespaceT, formatMoney, formatPercentChange } from '@koopjesland/shared';
import { AdminDetailPage, AdminPageLoading, useAdminDates, useAdminMutation, useAdminUrls } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { LazyLineChart } from '../charts/LazyLineChart';
import { dateInputValue, PriceFields, toPriceChanges, type PriceFormValues } from './PriceForm';
import { useDeletePriceMutation, usePriceHistoryQuery, usePriceQuery, useUpdatePriceMutation, type AdminPrice } from './prices-api';

function PriceHistoryChart({ priceId }: { priceId: number }) {
  const { t } = useNamespaceT(NAMESPACE);
  const { data, error, isLoading } = usePriceHistoryQuery(priceId);
  const chart = useMemo(() => {
    const points = [...(data ?? [])].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
    return {
      times: points.map((point) => Math.floor(new Date(point.recordedAt).getTime() / 1000)),
      series: [{ label: t('prices.fields.total'), color: '#f46900', values: points.map((point) => point.total), stepped: true }],
    };
  }, [data, t]);
  if (isLoading) return <AdminPageLoading />;
  if (error) return <Alert type="error" showIcon title={t('common.loadFailed')} description={error.message} />;
  if (chart.times.length === 0) return <Typography.Text type="secondary">{t('prices.noHistory')}</Typography.Text>;
  return <LazyLineChart times={chart.times} series={chart.series} formatLeft={(cents) => formatMoney(cents)} />;
}

function PriceEditForm({ price }: { price: AdminPrice }) {
  const { t } = useNamespaceT(NAMESPACE);
  const run = useAdminMutation();
  const [form] = Form.useForm<PriceFormValues>();
  const [updatePrice, { isLoading }] = useUpdatePriceMutation();
  const initial: PriceFormValues = {
    amount: price.amount,
    shipping: price.shipping,
    url: price.url,
    deliveryTime: price.deliveryTime ?? '',
    validToDate: dateInputValue(price.validTo),
  };
  const save = async (values: PriceFormValues) => {
    await run(updatePrice({ id: price.id, changes: toPriceChanges(values) }), { success: t('prices.saved'), failure: t('prices.saveFailed') });
  };
  return (
    <Form<PriceFormValues> form={form} name="edit-price" layout="vertical" initialValues={initial} onFinish={save}>
      <PriceFields />
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t('common.save')}
        </Button>
        <Button onClick={() => form.resetFields()}>{t('common.reset')}</Button>
      </Flex>
    </Form>
  );
}

export function PriceDetailPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const run = useAdminMutation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = usePriceQuery(id, { skip: !valid });
  const [deletePrice] = useDeletePriceMutation();
  const productName = (price: AdminPrice) => price.product?.name ?? `#${price.productId}`;

  return (
    <AdminDetailPage
      query={query}
      notFound={t('prices.notFound')}
      loadFailed={t('prices.loadFailed')}
      back={{ to: urls.prices.list(), label: t('prices.buttons.back') }}
      title={(price) => t('prices.titles.detail', { product: productName(price), store: price.store.name })}
      history={(price) => ({ entity: 'price', entityId: price.id })}
      remove={{
        label: t('common.delete'),
        confirm: t('prices.confirmDelete'),
        run: (price) => run(deletePrice(price.id), { failure: t('prices.deleteFailed') }),
      }}
    >
      {(price) => (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card title={t('prices.titles.offer')}>
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={t('prices.fields.product')}>
                    <Link to={urls.products.detail(price.productId)}>{price.product?.name ?? `#${price.productId}`}</Link>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('prices.fields.store')}>
                    <Link to={urls.stores.detail(price.store.id)}>{price.store.name}</Link>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('prices.fields.total')}>{formatMoney(price.total)}</Descriptions.Item>
                  <Descriptions.Item label={t('prices.fields.amount')}>{formatMoney(price.amount)}</Descriptions.Item>
                  <Descriptions.Item label={t('prices.fields.shipping')}>{formatMoney(price.shipping)}</Descriptions.Item>
                  <Descriptions.Item label={t('prices.fields.change')}>
                    {price.priceChange === null
                      ? t('prices.noChange')
                      : `${formatMoney(price.priceChange)} (${formatPercentChange(price.percentageChange)})`}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('prices.fields.url')}>
                    <a href={price.url} target="_blank" rel="noopener noreferrer">
                      {price.url}
                    </a>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('prices.fields.deliveryTime')}>{price.deliveryTime ?? ''}</Descriptions.Item>
                  <Descriptions.Item label={t('prices.fields.validFrom')}>{dates.dateTime(price.validFrom)}</Descriptions.Item>
                  <Descriptions.Item label={t('prices.fields.validTo')}>
                    {price.validTo ? dates.dateTime(price.validTo) : t('prices.noExpiry')}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('prices.fields.lastSeen')}>{dates.dateTime(price.lastSeen)}</Descriptions.Item>
                </Descriptions>
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Flex vertical gap={16}>
                <Card title={t('prices.titles.history')}>
                  <PriceHistoryChart priceId={price.id} />
                </Card>
                <Card title={t('prices.titles.edit')}>
                  <PriceEditForm key={`${price.id}-${price.total}-${price.validTo}`} price={price} />
                </Card>
              </Flex>
            </Col>
          </Row>
      )}
    </AdminDetailPage>
  );
}
