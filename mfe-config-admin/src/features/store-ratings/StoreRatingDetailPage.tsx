/** /admin/store-ratings/{id}: one rating for moderation: correct the stars or the comment, or remove it. */
import { useNamespaceT, type AdminStoreRating } from '@koopjesland/shared';
import { AdminDetailPage, useAdminDates, useAdminMutation, useAdminUrls } from '@koopjesland/shared/admin';
import { Button, Card, Descriptions, Form, Input, Rate } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { useDeleteStoreRatingMutation, useStoreRatingQuery, useUpdateStoreRatingMutation } from './store-ratings-api';

interface RatingValues {
  rating: number;
  comment?: string | null;
}

export function StoreRatingDetailPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const dates = useAdminDates();
  const run = useAdminMutation();
  const id = Number(useParams().id);
  const query = useStoreRatingQuery(id, { skip: !Number.isInteger(id) });
  const [update, { isLoading: saving }] = useUpdateStoreRatingMutation();
  const [remove] = useDeleteStoreRatingMutation();

  const save = (rating: AdminStoreRating, values: RatingValues) =>
    run(update({ id: rating.id, changes: { rating: values.rating, comment: values.comment?.trim() || null } }), {
      success: t('storeRatings.saved'),
      failure: t('storeRatings.saveFailed'),
    });

  return (
    <AdminDetailPage
      query={query}
      notFound={t('storeRatings.notFound')}
      back={{ to: urls.storeRatings.list(), label: t('storeRatings.buttons.back') }}
      title={(rating) => t('storeRatings.titles.detail', { store: rating.storeName })}
      history={(rating) => ({ entity: 'store-rating', entityId: rating.id })}
      remove={{
        label: t('storeRatings.buttons.delete'),
        confirm: t('storeRatings.confirmDelete'),
        run: (rating) => run(remove(rating.id), { success: t('storeRatings.deleted'), failure: t('storeRatings.deleteFailed') }),
      }}
    >
      {(rating) => (
        <>
          <Card>
            <Descriptions column={1}>
              <Descriptions.Item label={t('storeRatings.fields.store')}>{rating.storeName}</Descriptions.Item>
              <Descriptions.Item label={t('storeRatings.fields.user')}>
                {rating.userId !== null && rating.userEmail ? (
                  <Link to={urls.users.detail(rating.userId)}>{rating.userEmail}</Link>
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
              onFinish={(values) => void save(rating, values)}
              disabled={saving}
            >
              <Form.Item name="rating" label={t('storeRatings.fields.rating')} rules={[{ required: true, message: t('storeRatings.validation.rating') }]}>
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
        </>
      )}
    </AdminDetailPage>
  );
}
