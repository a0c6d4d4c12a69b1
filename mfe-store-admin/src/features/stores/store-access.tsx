/**
 * What the signed-in user may do with stores (docs/product.md §6 "Roles"): a store manager is
 * limited to their stores (`storeIds`), cannot add stores, and meets a "not your store" page on
 * another store rather than its details with empty tabs. The API refuses the same with 403.
 */
import { useAuthStore, useNamespaceT } from '@koopjesland/shared';
import { useAdminUrls } from '@koopjesland/shared/admin';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';

export function useStoreAccess() {
  const storeIds = useAuthStore((state) => state.user?.storeIds ?? null);
  return {
    /** Only a user not limited to some stores may add one. */
    mayAddStores: storeIds === null,
    managesStore: (id: number) => storeIds === null || storeIds.includes(id),
  };
}

export function NotYourStore({ reason }: { reason: 'store' | 'add' }) {
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  return (
    <Result
      status="403"
      title={t(reason === 'store' ? 'stores.notYourStore.title' : 'stores.notYourStore.addTitle')}
      subTitle={t(reason === 'store' ? 'stores.notYourStore.description' : 'stores.notYourStore.addDescription')}
      extra={<Button onClick={() => navigate(urls.stores.list())}>{t('stores.buttons.back')}</Button>}
    />
  );
}
