/**
 * /admin/categories/{id} (docs/product.md §2 "Admin categories"): breadcrumbs, Edit (rename or move),
 * Settings (the storefront's settings modal), View Category, Delete; facts, counters, settings,
 * parent, subcategories, aliases and the products with drag-and-drop ordering.
 */
import { useNamespaceT, ADMIN_CATEGORY_SETTINGS, type Category, errorMessage } from '@koopjesland/shared';
import { AdminPageLoading, HistoryLink, useAdminDates, useAdminNotices, useAdminUrls, useConfirm } from '@koopjesland/shared/admin';
import { useCategorySettingsWords } from '@koopjesland/shared/catalog';
import {
  Alert,
  Breadcrumb,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Modal,
  Row,
  
  Statistic,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { CategorySettingsModal } from '../catalog-modals/catalog-modals';
import { PlainList } from '../common/PlainList';
import { useCategoryQuery, useDeleteCategoryMutation, useUpdateCategoryMutation } from './categories-api';
import { CategoryForm, type CategoryFormValues } from './CategoryForm';
import { CategoryProductsCard } from './CategoryProductsCard';
import { NewCategoryPage } from './NewCategoryPage';


export function CategoryDetailPage() {
  const id = useParams().id;
  // `new` shares the `:id` route segment.
  if (id === 'new') return <NewCategoryPage />;
  return <CategoryDetail id={Number(id)} />;
}

function CategoryDetail({ id }: { id: number }) {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const notices = useAdminNotices();
  const confirm = useConfirm();
  const settingsWords = useCategorySettingsWords();
  const valid = Number.isInteger(id) && id > 0;
  const { data: category, error, isLoading } = useCategoryQuery(id, { skip: !valid });
  const [deleteCategory] = useDeleteCategoryMutation();
  const [dialog, setDialog] = useState<'edit' | 'settings' | null>(null);
  const back = (
    <div>
      <Button onClick={() => navigate(urls.categories.list())}>{t('categories.buttons.back')}</Button>
    </div>
  );

  if (isLoading) return <AdminPageLoading />;
  if (!valid || error || !category) {
    const notFound = !valid || (error && 'status' in error && error.status === 404);
    return (
      <Flex vertical gap={16}>
        <Alert type="error" showIcon title={notFound ? t('categories.notFound') : t('categories.detailFailed')} />
        {back}
      </Flex>
    );
  }

  const remove = async () => {
    if (!(await confirm({ content: 'deleteCategory', danger: true }))) return;
    try {
      await deleteCategory(category.id).unwrap();
      navigate(urls.categories.list());
    } catch {
      notices.error(t('categories.deleteFailed'));
    }
  };

  const own = category._count?.products ?? 0;
  const computed = category._count?.computedProducts;
  const children = category.childCategories ?? [];
  const aliases = [...(category.aliases ?? [])].sort((a, b) => a.path.localeCompare(b.path));
  // Without saved settings the admin shows its own defaults (docs/product.md §3 "Category settings").
  const settings = category.settingsSaved !== false && category.settings ? category.settings : ADMIN_CATEGORY_SETTINGS;

  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: <Link to={urls.categories.list()}>{t('categories.titles.list')}</Link> },
          ...(category.parentCategory
            ? [
                {
                  title: (
                    <Link to={urls.categories.detail(category.parentCategory.id)}>{category.parentCategory.name}</Link>
                  ),
                },
              ]
            : []),
          { title: category.name },
        ]}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {category.name}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Button onClick={() => setDialog('edit')}>{t('categories.buttons.edit')}</Button>
          <Button onClick={() => setDialog('settings')}>{t('categories.buttons.settings')}</Button>
          <Button href={`/${category.slug}`} target="_blank">
            {t('categories.buttons.view')}
          </Button>
          <HistoryLink entity="category" entityId={category.id} />
          <Button danger onClick={() => void remove()}>
            {t('categories.buttons.delete')}
          </Button>
        </Flex>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('categories.fields.products')} value={computed ?? own} />
            {computed !== undefined && computed !== own ? (
              <Typography.Text type="secondary">{t('categories.inclDescendants')}</Typography.Text>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('categories.fields.subcategories')}
              value={category._count?.childCategories ?? children.length}
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('categories.fields.aliases')} value={aliases.length} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('categories.titles.details')}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('categories.fields.slug')}>{category.slug}</Descriptions.Item>
              <Descriptions.Item label={t('categories.fields.id')}>{category.id}</Descriptions.Item>
              <Descriptions.Item label={t('categories.fields.createdAt')}>
                {dates.dateTime(category.createdAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t('categories.fields.updatedAt')}>
                {dates.dateTime(category.updatedAt)}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('categories.titles.settings')}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('categories.settings.defaultDisplayType')}>
                {settingsWords.displayType(settings)}
              </Descriptions.Item>
              <Descriptions.Item label={t('categories.settings.defaultSort')}>{settingsWords.sort(settings)}</Descriptions.Item>
              <Descriptions.Item label={t('categories.settings.subcategoryColumns')}>
                {settings.subcategoryColumns}
              </Descriptions.Item>
              <Descriptions.Item label={t('categories.settings.alternativeName')}>
                {settings.alternativeName ?? '–'}
              </Descriptions.Item>
              <Descriptions.Item label={t('categories.settings.hideFiltersAndViewButtons')}>
                {settings.hideFiltersAndViewButtons ? t('common.yes') : t('common.no')}
              </Descriptions.Item>
              <Descriptions.Item label={t('categories.settings.hideFromMenu')}>
                {settings.hideFromMenu ? t('common.yes') : t('common.no')}
              </Descriptions.Item>
              <Descriptions.Item label={t('categories.settings.representativeProduct')}>
                {settings.representativeProduct?.name ?? '–'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      {category.parentCategory ? (
        <Card
          title={t('categories.titles.parent')}
          hoverable
          onClick={() => navigate(urls.categories.detail(category.parentCategory!.id))}
        >
          {category.parentCategory.name}
        </Card>
      ) : null}
      <Card title={t('categories.titles.subcategories')}>
        {children.length === 0 ? (
          <Empty description={t('categories.noSubcategories')} />
        ) : (
          <Row gutter={[12, 12]}>
            {children.map((child: Category) => (
              <Col key={child.id} xs={24} sm={12} md={24 / settings.subcategoryColumns}>
                <Card size="small" hoverable onClick={() => navigate(urls.categories.detail(child.id))}>
                  <Flex justify="space-between">
                    <span>{child.name}</span>
                    <Typography.Text type="secondary">
                      {t('categories.productCount', {
                        count: child._count?.computedProducts ?? child._count?.products ?? 0,
                      })}
                    </Typography.Text>
                  </Flex>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Card>
      <Card title={t('categories.titles.aliases')}>
        <PlainList
          items={aliases}
          keyOf={(alias) => alias.id}
          empty={t('categories.noAliases')}
          render={(alias) => (
            <>
              <Link to={urls.categoryAliases.detail(alias.id)}>{alias.path}</Link>
              <Typography.Text type="secondary">
                {t('categories.productCount', { count: alias._count.products })}
              </Typography.Text>
            </>
          )}
        />
      </Card>
      <CategoryProductsCard categoryId={category.id} categoryName={category.name} />
      {dialog === 'edit' ? <EditCategoryModal category={category} onClose={() => setDialog(null)} /> : null}
      {dialog === 'settings' ? (
        <CategorySettingsModal categoryId={category.id} categoryName={category.name} onClose={() => setDialog(null)} />
      ) : null}
    </Flex>
  );
}

function EditCategoryModal({ category, onClose }: { category: Category; onClose(): void }) {
  const { t } = useNamespaceT(NAMESPACE);
  const [form] = Form.useForm<CategoryFormValues>();
  const [updateCategory, { isLoading }] = useUpdateCategoryMutation();
  const [failed, setFailed] = useState<string | null>(null);
  const save = async (values: CategoryFormValues) => {
    setFailed(null);
    try {
      await updateCategory({ id: category.id, ...values }).unwrap();
      onClose();
    } catch (error) {
      setFailed(errorMessage(error, ''));
    }
  };
  return (
    <Modal
      open
      title={t('categories.titles.edit', { name: category.name })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
    >
      <CategoryForm
        form={form}
        categoryId={category.id}
        initialValues={{ name: category.name, parentId: category.parentId }}
        onFinish={(values) => void save(values)}
      />
      {failed !== null ? (
        <Alert type="error" showIcon title={t('categories.updateFailed')} description={failed || undefined} />
      ) : null}
    </Modal>
  );
}
