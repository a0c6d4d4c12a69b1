/**
 * /admin/products/{id}?tab=active|all|images|properties|aliases (docs/product.md §2 "Admin products"):
 * header, price summary, Edit Product, View Product, Back to Products, the tabs, merge and delete.
 */
import { useNamespaceT, formatMoney, formatPercentChange, type Product, TAG_COLORS } from '@koopjesland/shared';
import { AdminDetailPage, AdminPageLoading, useAdminDates, useAdminMutation, useAdminUrls } from '@koopjesland/shared/admin';
import { useEffect } from 'react';
import { Button, Card, Col, Descriptions, Flex, Row, Statistic, Tabs, Tag, Typography } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { AliasesTab } from './AliasesTab';
import { CopiedImage } from './CopiedImage';
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
  const run = useAdminMutation();
  const valid = Number.isInteger(id) && id > 0;
  const query = useProductQuery(id, { skip: !valid });
  const [deleteProduct] = useDeleteProductMutation();
  // A merged product's id answers with the kept product: show that one's address.
  const keptId = query.data && query.data.id !== id ? query.data.id : undefined;
  useEffect(() => {
    if (keptId !== undefined) navigate(urls.products.detail(keptId), { replace: true });
  }, [keptId, navigate, urls]);
  if (keptId !== undefined) return <AdminPageLoading />;

  return (
    <AdminDetailPage
      query={query}
      notFound={t('products.notFound')}
      loadFailed={t('products.loadOneFailed')}
      back={{ to: urls.products.list(), label: t('products.buttons.back') }}
      title={(product) => product.name}
      history={(product) => ({ entity: 'product', entityId: product.id })}
      actions={(product) => (
        <Button href={`/product/${product.slug}/${product.id}`} target="_blank">
          {t('products.buttons.view')}
        </Button>
      )}
      remove={{
        label: t('products.buttons.delete'),
        confirm: (product) => t('products.confirmDelete', { name: product.name }),
        run: (product) => run(deleteProduct(product.id), { failure: t('products.deleteFailed') }),
      }}
    >
      {(product) => <ProductView product={product} />}
    </AdminDetailPage>
  );
}

function ProductView({ product }: { product: Product }) {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ProductTab = PRODUCT_TABS.includes(requested as ProductTab) ? (requested as ProductTab) : 'active';

  return (
    <>
      <Card>
        <Flex gap={24} wrap>
          {product.image ? <CopiedImage url={product.image} copy={product.imageCopy} alt={product.name} width={160} /> : null}
          <Flex vertical gap={8} style={{ flex: 1, minWidth: 260 }}>
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
    </>
  );
}
