/** /admin/store-ratings/{id}: one rating for moderation: correct the stars or the comment, or remove it. */
import { useNamespaceT } from '@koopjesland/shared';
import { useAdminDates, useAdminUrls } from '@koopjesland/shared/admin';
import { Form, Input, Rate } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { VisitorRecordPage } from '../made-by-visitors';
import { useDeleteStoreRatingMutation, useStoreRatingQuery, useUpdateStoreRatingMutation } from './store-ratings-api';

interface RatingValues {
  rating: number;
  comment?: string | null;
}

export function StoreRatingDetailPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const dates = useAdminDates();
  const id = Number(useParams().id);
  const query = useStoreRatingQuery(id, { skip: !Number.isInteger(id) });
  const [update, { isLoading: saving }] = useUpdateStoreRatingMutation();
  const [remove] = useDeleteStoreRatingMutation();

  return (
    <VisitorRecordPage
      section="storeRatings"
      entity="store-rating"
      query={query}
      title={(rating) => t('storeRatings.titles.detail', { store: rating.storeName })}
      facts={(rating) => [
        { label: t('storeRatings.fields.store'), value: rating.storeName },
        {
          label: t('storeRatings.fields.user'),
          value:
            rating.userId !== null && rating.userEmail ? (
              <Link to={urls.users.detail(rating.userId)}>{rating.userEmail}</Link>
            ) : (
              t('storeRatings.anonymous')
            ),
        },
        { label: t('storeRatings.fields.createdAt'), value: dates.dateTime(rating.createdAt) },
        { label: t('storeRatings.fields.updatedAt'), value: dates.dateTime(rating.updatedAt) },
      ]}
      form={{
        layout: 'vertical',
        initialValues: (rating) => ({ rating: rating.rating, comment: rating.comment ?? '' }),
        save: (rating, values: RatingValues) =>
          update({ id: rating.id, changes: { rating: values.rating, comment: values.comment?.trim() || null } }),
        saving,
        fields: (
          <>
            <Form.Item name="rating" label={t('storeRatings.fields.rating')} rules={[{ required: true, message: t('storeRatings.validation.rating') }]}>
              <Rate allowClear={false} />
            </Form.Item>
            <Form.Item name="comment" label={t('storeRatings.fields.comment')} rules={[{ max: 2000 }]}>
              <Input.TextArea rows={4} />
            </Form.Item>
          </>
        ),
      }}
      remove={(rating) => remove(rating.id)}
    />
  );
}
