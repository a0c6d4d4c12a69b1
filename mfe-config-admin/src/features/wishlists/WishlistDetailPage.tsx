/** /admin/wishlists/{id}: one wishlist item; an admin may correct the desired maximum price or remove it. */
import { useNamespaceT, formatMoney } from '@koopjesland/shared';
import { EuroInput, useAdminDates, useAdminUrls } from '@koopjesland/shared/admin';
import { Form } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { VisitorRecordPage } from '../made-by-visitors';
import { TargetTag } from './TargetTag';
import { useDeleteWishlistItemMutation, useUpdateWishlistItemMutation, useWishlistItemQuery } from './wishlists-api';

export function WishlistDetailPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const dates = useAdminDates();
  const id = Number(useParams().id);
  const query = useWishlistItemQuery(id, { skip: !Number.isInteger(id) });
  const [update, { isLoading: saving }] = useUpdateWishlistItemMutation();
  const [remove] = useDeleteWishlistItemMutation();

  return (
    <VisitorRecordPage
      section="wishlists"
      entity="wishlist-item"
      query={query}
      title={(item) => t('wishlists.titles.detail', { product: item.productName })}
      facts={(item) => [
        { label: t('wishlists.fields.user'), value: <Link to={urls.users.detail(item.userId)}>{item.userEmail}</Link> },
        { label: t('wishlists.fields.product'), value: item.productName },
        { label: t('wishlists.fields.maxPrice'), value: formatMoney(item.maxPrice) },
        {
          label: t('wishlists.fields.currentLowestPrice'),
          value: item.currentLowestPrice === null ? t('wishlists.noPrice') : formatMoney(item.currentLowestPrice),
        },
        { label: t('wishlists.fields.targetMet'), value: <TargetTag met={item.targetMet} /> },
        { label: t('wishlists.fields.createdAt'), value: dates.dateTime(item.createdAt) },
        { label: t('wishlists.fields.updatedAt'), value: dates.dateTime(item.updatedAt) },
      ]}
      form={{
        layout: 'inline',
        initialValues: (item) => ({ maxPrice: item.maxPrice }),
        save: (item, { maxPrice }: { maxPrice: number }) => update({ id: item.id, maxPrice }),
        saving,
        fields: (
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
        ),
      }}
      remove={(item) => remove(item.id)}
    />
  );
}
