/** /admin/store-ratings/{id}: one rating for moderation: correct the stars or the comment, or remove it. */
import { DeleteOutlined } from '@ant-design/icons';
import { useNamespaceT } from '@koopjesland/shared';
import { AdminPageLoading, HistoryLink, useAdminDates, useAdminNotices, useAdminPath, useConfirm } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Rate, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { useDeleteStoreRatingMutation, useStoreRatingQuery, useUpdateStoreRatingMutation } from './store-ratings-api';

interface RatingValues {
  rating: number;
  comment?: string | null;
}

export function StoreRatingDetailPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const adminPath = useAdminPath();
  const navigate = useNavigate();
  const notices = useAdminNotices();
  const confirm = useConfirm();
  const id = Number(useParams().id);
  const { data: rating, error, isLoading } = useStoreRatingQuery(id, { skip: !Number.isInteger(id) });
  const [update, { isLoading: saving }] = useUpdateStoreRatingMutation();
  const [remove, { isLoading: deleting }] = useDeleteStoreRatingMutation();

  const back = (
    <div>
      <Link to={adminPath('store-ratings')}>
        <Button>{t('storeRatings.buttons.back')}</Button>
      </Link>
    </div>
  );
  if (isLoading) return <AdminPageLoading />;
  if (error || !rating) {
    const notFound = error && 'status' in error && error.status === 404;
    return (
      <Flex vertical gap={16}>
        <Alert type="error" showIcon title={notFound ? t('storeRatings.notFound') : t('common.loadFailed')} />
        {back}
      </Flex>
    );
  }

  const save = async (values: RatingValues) => {
    const result = await update({ id: rating.id, changes: { rating: values.rating, comment: values.comment?.trim() || null } });
    if ('error' in result) notices.error(t('storeRatings.saveFailed'), (result.error as { message?: string }).message);
    else notices.success(t('storeRatings.saved'));
  };
  const askDelete = async () => {
    if (!(await confirm({ content: { text: t('storeRatings.confirmDelete') }, danger: true }))) return;
    const result = await remove(rating.id);
    if ('error' in result) {
      notices.error(t('storeRatings.deleteFailed'), (result.error as { message?: string }).message);
      return;
    }
    notices.success(t('storeRatings.deleted'));
    navigate(adminPath('store-ratings'));
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('storeRatings.titles.detail', { store: rating.storeName })}
        </Typography.Title>
        <Flex gap={8}>
          <HistoryLink entity="store-rating" entityId={rating.id} />
          <Button danger icon={<DeleteOutlined />} loading={deleting} onClick={() => void askDelete()}>
            {t('storeRatings.buttons.delete')}
          </Button>
        </Flex>
      </Flex>
      <Card>
        <Descriptions column={1}>
          <Descriptions.Item label={t('storeRatings.fields.store')}>{rating.storeName}</Descriptions.Item>
          <Descriptions.Item label={t('storeRatings.fields.user')}>
            {rating.userId !== null && rating.userEmail ? (
              <Link to={adminPath('users', rating.userId)}>{rating.userEmail}</Link>
            ) : (
              t('storeRatings.anonymous')
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('storeRatings.fields.createdAt')}>{dates.dateTime(rating.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('storeRatings.fields.updatedAt')}>{dates.dateTime(rating.updatedAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('storeRatings.titles.edit')}>
        <Form<RatingValues>
          key={rating.updatedAt}
          layout="vertical"
          initialValues={{ rating: rating.rating, comment: rating.comment ?? '' }}
          onFinish={(values) => void save(values)}
          disabled={saving}
        >
          <Form.Item
            name="rating"
            label={t('storeRatings.fields.rating')}
            rules={[{ required: true, message: t('storeRatings.validation.rating') }]}
          >
            <Rate allowClear={false} />
          </Form.Item>
          <Form.Item name="comment" label={t('storeRatings.fields.comment')} rules={[{ max: 2000 }]}>
            <Input.TextArea rows={4} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('storeRatings.buttons.save')}
          </Button>
        </Form>
      </Card>
      {back}
    </Flex>
  );
}
