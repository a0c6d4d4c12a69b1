/**
 * /admin/categories/{id} (docs/product.md §2 "Admin categories"): breadcrumbs, Edit (rename or move),
 * Settings (the storefront's settings modal), View Category, Delete; facts, counters, settings,
 * parent, subcategories, aliases, specification fields and the products with drag-and-drop ordering.
 */
import { useNamespaceT, ADMIN_CATEGORY_SETTINGS, type Category } from '@koopjesland/shared';
import { AdminDetailPage, AdminEmpty, useAdminDates, useAdminKitT, useAdminMutation, useAdminUrls } from '@koopjesland/shared/admin';
import { useCategorySettingsWords } from '@koopjesland/shared/catalog';
import {
  Breadcrumb,
  Button,
  Card,
  Col,
  Descriptions,
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
import { SpecificationsCard } from '../specifications/SpecificationsCard';

export function CategoryDetailPage() {
  const id = useParams().id;
  // `new` shares the `:id` route segment.
  if (id === 'new') return <NewCategoryPage />;
  return <CategoryDetail id={Number(id)} />;
}

function CategoryDetail({ id }: { id: number }) {
  const { t } = useNamespaceT(NAMESPACE);
  const { t: kitT } = useAdminKitT();
  const urls = useAdminUrls();
  const run = useAdminMutation();
  const valid = Number.isInteger(id) && id > 0;
  const query = useCategoryQuery(id, { skip: !valid });
  const [deleteCategory] = useDeleteCategoryMutation();
  const [dialog, setDialog] = useState<'edit' | 'settings' | null>(null);

  return (
    <AdminDetailPage
      query={query}
      notFound={t('categories.notFound')}
      loadFailed={t('categories.detailFailed')}
      back={{ to: urls.categories.list(), label: t('categories.buttons.back') }}
      title={(category) => category.name}
      history={(category) => ({ entity: 'category', entityId: category.id })}
      actions={(category) => (
        <>
          <Button onClick={() => setDialog('edit')}>{t('categories.buttons.edit')}</Button>
          <Button onClick={() => setDialog('settings')}>{t('categories.buttons.settings')}</Button>
          <Button href={`/${category.slug}`} target="_blank">
            {t('categories.buttons.view')}
          </Button>
        </>
      )}
      remove={{
        label: t('categories.buttons.delete'),
        confirm: kitT('confirm.deleteCategory'),
        run: (category) => run(deleteCategory(category.id), { failure: t('categories.deleteFailed') }),
      }}
    >
      {(category) => (
        <>
          <CategoryView category={category} />
          {dialog === 'edit' ? <EditCategoryModal category={category} onClose={() => setDialog(null)} /> : null}
          {dialog === 'settings' ? (
            <CategorySettingsModal categoryId={category.id} categoryName={category.name} onClose={() => setDialog(null)} />
          ) : null}
        </>
      )}
    </AdminDetailPage>
  );
}

function CategoryView({ category }: { category: Category }) {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const settingsWords = useCategorySettingsWords();
  const own = category._count?.products ?? 0;
  const computed = category._count?.computedProducts;
  const children = category.childCategories ?? [];
  const aliases = [...(category.aliases ?? [])].sort((a, b) => a.path.localeCompare(b.path));
  // Without saved settings the admin shows its own defaults (docs/product.md §3 "Category settings").
  const settings = category.settingsSaved !== false && category.settings ? category.settings : ADMIN_CATEGORY_SETTINGS;

  return (
    <>
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
          <AdminEmpty description={t('categories.noSubcategories')} />
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
      <SpecificationsCard categoryId={category.id} />
      <CategoryProductsCard categoryId={category.id} categoryName={category.name} />
    </>
  );
}

function EditCategoryModal({ category, onClose }: { category: Category; onClose(): void }) {
  const { t } = useNamespaceT(NAMESPACE);
  const [form] = Form.useForm<CategoryFormValues>();
  const run = useAdminMutation();
  const [updateCategory, { isLoading }] = useUpdateCategoryMutation();
  const save = async (values: CategoryFormValues) => {
    if (await run(updateCategory({ id: category.id, ...values }), { failure: t('categories.updateFailed') })) onClose();
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
    </Modal>
  );
}
