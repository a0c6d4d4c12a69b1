/**
 * /admin/products/{id}?tab=active|all|images|properties|aliases (docs/product.md §2 "Admin products"):
 * header, price summary, Edit Product, View Product, Back to Products, the tabs, merge and delete.
 */
import { useNamespaceT, formatMoney, formatPercentChange, type Product, TAG_COLORS } from '@koopjesland/shared';
import { AdminPageLoading, HistoryLink, useAdminDates, useAdminNotices, useAdminUrls, useConfirm } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Col, Descriptions, Flex, Image, Row, Statistic, Tabs, Tag, Typography } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { AliasesTab } from './AliasesTab';
import { ImagesTab } from './ImagesTab';
import { MergeCard } from './MergeCard';
import { NewProductPage } from './NewProductPage';
import { PricesTab } from './PricesTab';
import { ProductEditForm } from './ProductEditForm';
import { PropertiesTab } from './PropertiesTab';
import { useDeleteProductMutation, useProductQuery } from './products-api';

export const PRODUCT_TABS = ['active', 'all', 'images', 'properties', 'aliases'] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

export function ProductDetailPage() {
  const id = useParams().id;
  // `new` shares the `:id` route segment.
  if (id === 'new') return <NewProductPage />;
  return <ProductDetail id={Number(id)} />;
}

function ProductDetail({ id }: { id: number }) {
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const valid = Number.isInteger(id) && id > 0;
  const { data: product, error, isLoading } = useProductQuery(id, { skip: !valid });
  const back = (
    <div>
      <Button onClick={() => navigate(urls.products.list())}>{t('products.buttons.back')}</Button>
    </div>
  );
  if (isLoading) return <AdminPageLoading />;
  if (!valid || error || !product) {
    const notFound = !valid || (error && 'status' in error && error.status === 404);
    return (
      <Flex vertical gap={16}>
        <Alert type="error" showIcon title={notFound ? t('products.notFound') : t('products.loadOneFailed')} />
        {back}
      </Flex>
    );
  }
  // A merged product's id answers with the kept product: show that one's address.
  if (product.id !== id) {
    navigate(urls.products.detail(product.id), { replace: true });
    return <AdminPageLoading />;
  }
  return <ProductView product={product} />;
}

function ProductView({ product }: { product: Product }) {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const notices = useAdminNotices();
  const confirm = useConfirm();
  const [params, setParams] = useSearchParams();
  const [deleteProduct] = useDeleteProductMutation();
  const requested = params.get('tab');
  const tab: ProductTab = PRODUCT_TABS.includes(requested as ProductTab) ? (requested as ProductTab) : 'active';

  const remove = async () => {
    if (!(await confirm({ content: { text: t('products.confirmDelete', { name: product.name }) }, danger: true })))
      return;
    try {
      await deleteProduct(product.id).unwrap();
      navigate(urls.products.list());
    } catch {
      notices.error(t('products.deleteFailed'));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" wrap gap={8}>
        <Button onClick={() => navigate(urls.products.list())}>{t('products.buttons.back')}</Button>
        <Flex gap={8}>
          <Button href={`/product/${product.slug}/${product.id}`} target="_blank">
            {t('products.buttons.view')}
          </Button>
          <HistoryLink entity="product" entityId={product.id} />
          <Button danger onClick={() => void remove()}>
            {t('products.buttons.delete')}
          </Button>
        </Flex>
      </Flex>
      <Card>
        <Flex gap={24} wrap>
          {product.image ? <Image src={product.imageCopy?.src ?? product.image} alt={product.name} width={160} /> : null}
          <Flex vertical gap={8} style={{ flex: 1, minWidth: 260 }}>
            <Typography.Title level={2} style={{ margin: 0 }}>
              {product.name}
            </Typography.Title>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('products.fields.brand')}>{product.brand ?? '–'}</Descriptions.Item>
              <Descriptions.Item label={t('products.fields.slug')}>{product.slug}</Descriptions.Item>
              <Descriptions.Item label={t('products.fields.categories')}>
                <Flex gap={4} wrap>
                  {(product.categories ?? []).map((category) => (
                    <Tag key={category.id} color={TAG_COLORS.orange}>
                      {category.name}
                    </Tag>
                  ))}
                </Flex>
              </Descriptions.Item>
              <Descriptions.Item label={t('products.fields.identifiers')}>
                {(product.productIds ?? []).map((identifier) => `${identifier.type}: ${identifier.value}`).join(', ') ||
                  '–'}
              </Descriptions.Item>
              <Descriptions.Item label={t('products.fields.createdAt')}>
                {dates.dateTime(product.createdAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t('products.fields.updatedAt')}>
                {dates.dateTime(product.updatedAt)}
              </Descriptions.Item>
            </Descriptions>
          </Flex>
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('products.summary.lowest')}
              value={product.lowestPrice ? formatMoney(product.lowestPrice.total) : t('common.na')}
            />
            {product.lowestPrice ? (
              <Typography.Text type="secondary">{product.lowestPrice.store.name}</Typography.Text>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('products.summary.change')}
              value={product.priceChange === null ? t('products.summary.noChange') : formatMoney(product.priceChange)}
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('products.summary.percentChange')}
              value={
                product.percentageChange === null
                  ? t('products.summary.noChange')
                  : formatPercentChange(product.percentageChange)
              }
            />
          </Card>
        </Col>
      </Row>
      <ProductEditForm key={product.updatedAt} product={product} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              if (key === 'active') next.delete('tab');
              else next.set('tab', key);
              return next;
            })
          }
          items={[
            { key: 'active', label: t('products.tabs.active'), children: <PricesTab productId={product.id} active /> },
            {
              key: 'all',
              label: t('products.tabs.all'),
              children: <PricesTab productId={product.id} active={false} />,
            },
            { key: 'images', label: t('products.tabs.images'), children: <ImagesTab productId={product.id} /> },
            {
              key: 'properties',
              label: t('products.tabs.properties'),
              children: <PropertiesTab productId={product.id} properties={product.properties ?? []} />,
            },
            { key: 'aliases', label: t('products.tabs.aliases'), children: <AliasesTab productId={product.id} /> },
          ]}
          destroyOnHidden
        />
      </Card>
      <MergeCard product={product} />
    </Flex>
  );
}
