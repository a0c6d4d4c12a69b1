/**
 * Delete All Prices (docs/product.md §4 "Delete-all-prices modal"): confirm, then a green result
 * with the counts of deleted prices, products left without prices and aliases left without
 * products, or, when nothing was deleted, the red 'Failed to delete prices. Please try again.'
 */
import { DeleteOutlined } from '@ant-design/icons';
import type { Store } from '@koopjesland/shared';
import { useConfirm } from '@koopjesland/shared/admin';
import { App, Button, Typography } from 'antd';
import { useNamespaceT } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import { useDeleteStorePricesMutation } from './stores-api';

export function DeleteAllPricesButton({ store, disabled }: { store: Store; disabled: boolean }) {
  const { t } = useNamespaceT(NAMESPACE);
  const { modal } = App.useApp();
  const confirm = useConfirm();
  const [deletePrices, { isLoading }] = useDeleteStorePricesMutation();

  const run = async () => {
    const confirmed = await confirm({
      title: t('prices.deleteAll.confirmTitle'),
      content: { text: t('prices.deleteAll.confirm', { store: store.name }) },
      danger: true,
    });
    if (!confirmed) return;
    const result = await deletePrices(store.id);
    if (result.data && result.data.deletedPrices > 0) {
      const { deletedPrices, deletedProducts, deletedCategoryAliases } = result.data;
      modal.success({
        title: t('prices.deleteAll.successTitle'),
        content: (
          <ul style={{ paddingLeft: 20, margin: 0 }}>
            <li>{t('prices.deleteAll.deletedPrices', { count: deletedPrices })}</li>
            <li>{t('prices.deleteAll.deletedProducts', { count: deletedProducts })}</li>
            <li>{t('prices.deleteAll.deletedCategoryAliases', { count: deletedCategoryAliases })}</li>
          </ul>
        ),
        okText: t('common.close'),
      });
    } else {
      modal.error({
        title: t('prices.deleteAll.failureTitle'),
        content: <Typography.Text type="danger">{t('prices.deleteAll.failed')}</Typography.Text>,
        okText: t('common.close'),
      });
    }
  };

  return (
    <Button danger icon={<DeleteOutlined />} disabled={disabled} loading={isLoading} onClick={run}>
      {t('prices.deleteAll.button')}
    </Button>
  );
}
