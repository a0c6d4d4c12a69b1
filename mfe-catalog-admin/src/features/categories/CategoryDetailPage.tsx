/** /admin/categories/{id}: a simple read-only detail (editing and product lists are later work). */
import { formatDateTime } from '@koopjesland/shared';
import { Alert, Breadcrumb, Button, Card, Col, Descriptions, Flex, Row, Spin, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { useAdminPath } from '@koopjesland/shared/admin';
import { useCategoryQuery } from './categories-api';

export function CategoryDetailPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: category, error, isLoading } = useCategoryQuery(id, { skip: !valid });
  const back = (
    <div>
      <Button onClick={() => navigate(adminPath('categories'))}>{t('categories.buttons.back')}</Button>
    </div>
  );

  if (isLoading) return <Spin />;
  if (!valid || error || !category) {
    const notFound = !valid || (error && 'status' in error && error.status === 404);
    return (
      <Flex vertical gap={16}>
        <Alert type="error" showIcon title={notFound ? t('categories.notFound') : t('categories.detailFailed')} />
        {back}
      </Flex>
    );
  }

  const own = category._count?.products ?? 0;
  const computed = category._count?.computedProducts;
  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: <Link to={adminPath('categories')}>{t('categories.titles.list')}</Link> },
          ...(category.parentCategory
            ? [{ title: <Link to={adminPath('categories', category.parentCategory.id)}>{category.parentCategory.name}</Link> }]
            : []),
          { title: category.name },
        ]}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {category.name}
        </Typography.Title>
        <Button href={`/${category.slug}`}>{t('categories.buttons.view')}</Button>
      </Flex>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('categories.fields.products')} value={computed ?? own} />
            {computed !== undefined && computed !== own ? <Typography.Text type="secondary">{t('categories.inclDescendants')}</Typography.Text> : null}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('categories.fields.subcategories')} value={category._count?.childCategories ?? category.childCategories?.length ?? 0} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('categories.fields.aliases')} value={category.aliases?.length ?? 0} />
          </Card>
        </Col>
      </Row>
      <Card>
        <Descriptions column={1}>
          <Descriptions.Item label={t('categories.fields.slug')}>{category.slug}</Descriptions.Item>
          <Descriptions.Item label={t('categories.fields.id')}>{category.id}</Descriptions.Item>
          <Descriptions.Item label={t('categories.fields.createdAt')}>{formatDateTime(category.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('categories.fields.updatedAt')}>{formatDateTime(category.updatedAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      {category.childCategories && category.childCategories.length > 0 ? (
        <Card title={t('categories.titles.subcategories')}>
          <Flex wrap gap={8}>
            {category.childCategories.map((child) => (
              <Button key={child.id} onClick={() => navigate(adminPath('categories', child.id))}>
                {child.name}
              </Button>
            ))}
          </Flex>
        </Card>
      ) : null}
    </Flex>
  );
}
