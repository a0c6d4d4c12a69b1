/** /admin/category-aliases/{aliasId}: the alias's categories (connect, disconnect) and its products, paged. */
import { useNamespaceT, formatMoney, type Product } from '@koopjesland/shared';
import { ADMIN_PAGE_SIZE, AdminPageLoading, tableLoading, useAdminMutation, useAdminUrls } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import {
  useCategoryAliasProductsQuery,
  useCategoryAliasQuery,
  useConnectAliasMutation,
  useDisconnectAliasMutation,
} from './aliases-api';
import { CategoryPicker } from './CategoryPicker';

export function CategoryAliasDetailPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const run = useAdminMutation();
  const id = Number(useParams().aliasId);
  const valid = Number.isInteger(id) && id > 0;
  const alias = useCategoryAliasQuery(id, { skip: !valid });
  const [page, setPage] = useState(1);
  const products = useCategoryAliasProductsQuery({ id, page, limit: ADMIN_PAGE_SIZE }, { skip: !valid });
  const [connect, connecting] = useConnectAliasMutation();
  const [disconnect] = useDisconnectAliasMutation();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const back = (
    <div>
      <Button onClick={() => navigate(urls.categoryAliases.list())}>{t('aliases.back')}</Button>
    </div>
  );

  if (alias.isLoading) return <AdminPageLoading />;
  if (!valid || alias.isError || !alias.data) {
    const notFound = !valid || (alias.error && 'status' in alias.error && alias.error.status === 404);
    return (
      <Flex vertical gap={16}>
        <Alert type="error" showIcon title={notFound ? t('aliases.notFound') : t('aliases.detailFailed')} />
        {back}
      </Flex>
    );
  }

  const save = async (action: 'connect' | 'disconnect', target: number) => {
    const saved = await run((action === 'connect' ? connect : disconnect)({ id, categoryId: target }), { failure: t('aliases.saveFailed') });
    if (saved && action === 'connect') setCategoryId(null);
  };

  const columns: TableProps<Product>['columns'] = [
    {
      key: 'name',
      title: t('products.fields.name'),
      render: (_value, product) => <Link to={urls.products.detail(product.id)}>{product.name}</Link>,
    },
    { key: 'brand', title: t('products.fields.brand'), dataIndex: 'brand' },
    {
      key: 'price',
      title: t('products.fields.lowestPrice'),
      render: (_value, product) => (product.lowestPrice ? formatMoney(product.lowestPrice.total) : t('common.na')),
    },
  ];

  return (
    <Flex vertical gap={16}>
      {back}
      <Typography.Title level={2} style={{ margin: 0 }}>
        {alias.data.path}
      </Typography.Title>
      <Card title={t('aliases.fields.categories')}>
        <Flex vertical gap={12}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('aliases.fields.productCount')}>{alias.data._count.products}</Descriptions.Item>
          </Descriptions>
          <Flex gap={8} wrap>
            {alias.data.categoryAliasCategories.length === 0 ? (
              <Typography.Text type="secondary">{t('aliases.noCategories')}</Typography.Text>
            ) : null}
            {alias.data.categoryAliasCategories.map((link) => (
              <Tag
                key={link.categoryId}
                closable
                onClose={(event) => {
                  event.preventDefault();
                  void save('disconnect', link.categoryId);
                }}
              >
                <Link to={urls.categories.detail(link.categoryId)}>{link.category.name}</Link>
              </Tag>
            ))}
          </Flex>
          <Flex gap={8} style={{ maxWidth: 560 }}>
            <CategoryPicker
              ariaLabel={t('aliases.connectCategory')}
              placeholder={t('aliases.connectCategory')}
              value={categoryId}
              onChange={setCategoryId}
              excluded={alias.data.categoryAliasCategories.map((link) => link.categoryId)}
            />
            <Button
              type="primary"
              disabled={categoryId === null}
              loading={connecting.isLoading}
              onClick={() => categoryId !== null && void save('connect', categoryId)}
            >
              {t('aliases.connect')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      <Card title={t('aliases.products')}>
        {products.isError ? <Alert type="error" showIcon title={t('aliases.productsFailed')} /> : null}
        <Table<Product>
          rowKey="id"
          columns={columns}
          dataSource={products.data?.products ?? []}
          {...tableLoading(products.isFetching, t('aliases.productsEmpty'))}
          pagination={{
            current: page,
            pageSize: ADMIN_PAGE_SIZE,
            total: products.data?.pagination.totalItems ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      </Card>
    </Flex>
  );
}
