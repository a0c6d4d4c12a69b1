/** /admin/wishlists/{id}: one wishlist item; an admin may correct the desired maximum price or remove it. */
import { useNamespaceT, formatMoney } from '@koopjesland/shared';
import { AdminDetailPage, EuroInput, useAdminDates, useAdminMutation, useAdminUrls } from '@koopjesland/shared/admin';
import { Button, Card, Descriptions, Form } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { TargetTag } from './TargetTag';
import type { AdminWishlistItem } from '@koopjesland/shared';
import { useDeleteWishlistItemMutation, useUpdateWishlistItemMutation, useWishlistItemQuery } from './wishlists-api';

export function WishlistDetailPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const dates = useAdminDates();
  const run = useAdminMutation();
  const id = Number(useParams().id);
  const query = useWishlistItemQuery(id, { skip: !Number.isInteger(id) });
  const [update, { isLoading: saving }] = useUpdateWishlistItemMutation();
  const [remove] = useDeleteWishlistItemMutation();

  const save = (item: AdminWishlistItem, { maxPrice }: { maxPrice: number }) =>
    run(update({ id: item.id, maxPrice }), { success: t('wishlists.saved'), failure: t('wishlists.saveFailed') });

  return (
    <AdminDetailPage
      query={query}
      notFound={t('wishlists.notFound')}
      back={{ to: urls.wishlists.list(), label: t('wishlists.buttons.back') }}
      title={(item) => t('wishlists.titles.detail', { product: item.productName })}
      history={(item) => ({ entity: 'wishlist-item', entityId: item.id })}
      remove={{
        label: t('wishlists.buttons.delete'),
        confirm: t('wishlists.confirmDelete'),
        run: (item) => run(remove(item.id), { success: t('wishlists.deleted'), failure: t('wishlists.deleteFailed') }),
      }}
    >
      {(item) => (
        <>
          <Card>
            <Descriptions column={1}>
              <Descriptions.Item label={t('wishlists.fields.user')}>
                <Link to={urls.users.detail(item.userId)}>{item.userEmail}</Link>
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
              onFinish={(values) => void save(item, values)}
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
        </>
      )}
    </AdminDetailPage>
  );
}
