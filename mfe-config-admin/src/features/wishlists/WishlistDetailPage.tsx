/** /admin/wishlists/{id}: one wishlist item; an admin may correct the desired maximum price or remove it. */
import { DeleteOutlined } from '@ant-design/icons';
import { useNamespaceT, formatMoney } from '@koopjesland/shared';
import { AdminPageLoading, EuroInput, HistoryLink, useAdminDates, useAdminNotices, useAdminPath, useConfirm } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Descriptions, Flex, Form, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { TargetTag } from './TargetTag';
import { useDeleteWishlistItemMutation, useUpdateWishlistItemMutation, useWishlistItemQuery } from './wishlists-api';

export function WishlistDetailPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const adminPath = useAdminPath();
  const navigate = useNavigate();
  const notices = useAdminNotices();
  const confirm = useConfirm();
  const id = Number(useParams().id);
  const { data: item, error, isLoading } = useWishlistItemQuery(id, { skip: !Number.isInteger(id) });
  const [update, { isLoading: saving }] = useUpdateWishlistItemMutation();
  const [remove, { isLoading: deleting }] = useDeleteWishlistItemMutation();

  const back = (
    <div>
      <Link to={adminPath('wishlists')}>
        <Button>{t('wishlists.buttons.back')}</Button>
      </Link>
    </div>
  );
  if (isLoading) return <AdminPageLoading />;
  if (error || !item) {
    const notFound = error && 'status' in error && error.status === 404;
    return (
      <Flex vertical gap={16}>
        <Alert type="error" showIcon title={notFound ? t('wishlists.notFound') : t('common.loadFailed')} />
        {back}
      </Flex>
    );
  }

  const save = async ({ maxPrice }: { maxPrice: number }) => {
    const result = await update({ id: item.id, maxPrice });
    if ('error' in result) notices.error(t('wishlists.saveFailed'), (result.error as { message?: string }).message);
    else notices.success(t('wishlists.saved'));
  };
  const askDelete = async () => {
    if (!(await confirm({ content: { text: t('wishlists.confirmDelete') }, danger: true }))) return;
    const result = await remove(item.id);
    if ('error' in result) {
      notices.error(t('wishlists.deleteFailed'), (result.error as { message?: string }).message);
      return;
    }
    notices.success(t('wishlists.deleted'));
    navigate(adminPath('wishlists'));
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('wishlists.titles.detail', { product: item.productName })}
        </Typography.Title>
        <Flex gap={8}>
          <HistoryLink entity="wishlist-item" entityId={item.id} />
          <Button danger icon={<DeleteOutlined />} loading={deleting} onClick={() => void askDelete()}>
            {t('wishlists.buttons.delete')}
          </Button>
        </Flex>
      </Flex>
      <Card>
        <Descriptions column={1}>
          <Descriptions.Item label={t('wishlists.fields.user')}>
            <Link to={adminPath('users', item.userId)}>{item.userEmail}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('wishlists.fields.product')}>{item.productName}</Descriptions.Item>
          <Descriptions.Item label={t('wishlists.fields.maxPrice')}>{formatMoney(item.maxPrice)}</Descriptions.Item>
          <Descriptions.Item label={t('wishlists.fields.currentLowestPrice')}>
            {item.currentLowestPrice === null ? t('wishlists.noPrice') : formatMoney(item.currentLowestPrice)}
          </Descriptions.Item>
          <Descriptions.Item label={t('wishlists.fields.targetMet')}>
            <TargetTag met={item.targetMet} />
          </Descriptions.Item>
          <Descriptions.Item label={t('wishlists.fields.createdAt')}>{dates.dateTime(item.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('wishlists.fields.updatedAt')}>{dates.dateTime(item.updatedAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('wishlists.titles.edit')}>
        <Form<{ maxPrice: number }>
          key={item.updatedAt}
          layout="inline"
          initialValues={{ maxPrice: item.maxPrice }}
          onFinish={(values) => void save(values)}
          disabled={saving}
        >
          <Form.Item
            name="maxPrice"
            label={t('wishlists.fields.maxPrice')}
            rules={[
              {
                validator: async (_rule, cents: number | null | undefined) => {
                  if (!cents || cents <= 0) throw new Error(t('wishlists.validation.maxPrice'));
                },
              },
            ]}
          >
            <EuroInput />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('wishlists.buttons.save')}
          </Button>
        </Form>
      </Card>
      {back}
    </Flex>
  );
}
