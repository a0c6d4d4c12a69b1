/**
 * The category aliases whose feeds brought the product, each with its categories. Reassign: if
 * the alias is in another category, disconnect it there, connect it to the chosen one, reload
 * the product (docs/product.md §4 "Alias reassign"). The confirmation names how many products
 * move, since the alias takes all of them along.
 */
import { useAdminMutation, useAdminUrls, useConfirm } from '@koopjesland/shared/admin';
import { Alert, Flex, Tag } from 'antd';
import { useNamespaceT } from '@koopjesland/shared';
import { Link } from 'react-router-dom';
import type { CategoryAlias } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import { PlainList } from '../common/PlainList';
import { useConnectAliasMutation, useDisconnectAliasMutation } from '../category-aliases/aliases-api';
import { CategoryPicker } from '../category-aliases/CategoryPicker';
import { useProductAliasesQuery, useProductQuery } from './products-api';

export function AliasesTab({ productId }: { productId: number }) {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const run = useAdminMutation();
  const confirm = useConfirm();
  const aliases = useProductAliasesQuery(productId);
  const product = useProductQuery(productId);
  const [connect] = useConnectAliasMutation();
  const [disconnect] = useDisconnectAliasMutation();

  const reassign = async (alias: CategoryAlias, categoryId: number | null) => {
    if (categoryId === null) return;
    // The whole alias moves, with every product its feeds brought, not just this product.
    const count = alias._count.products;
    const confirmed = await confirm({ content: { text: t('aliases.confirmMove', { path: alias.path, count }) }, okText: t('aliases.move') });
    if (!confirmed) return;
    const failure = t('aliases.reassignFailed');
    const move = async () => {
      for (const link of alias.categoryAliasCategories) {
        if (link.categoryId !== categoryId && !(await run(disconnect({ id: alias.id, categoryId: link.categoryId }), { failure }))) return;
      }
      await run(connect({ id: alias.id, categoryId }), { success: t('aliases.moved', { path: alias.path, count }), failure });
    };
    await move();
    void aliases.refetch();
    void product.refetch();
  };

  if (aliases.isError) return <Alert type="error" showIcon title={t('aliases.loadFailed')} />;
  return (
    <PlainList
      items={aliases.data ?? []}
      loading={aliases.isLoading}
      keyOf={(alias) => alias.id}
      empty={t('aliases.noneForProduct')}
      render={(alias) => (
        <>
          <Flex vertical gap={4}>
            <Link to={urls.categoryAliases.detail(alias.id)}>{alias.path}</Link>
            <Flex gap={4} wrap>
              {alias.categoryAliasCategories.map((link) => (
                <Tag key={link.categoryId}>{link.category.name}</Tag>
              ))}
            </Flex>
          </Flex>
          <div style={{ width: 280 }}>
            <CategoryPicker
              ariaLabel={t('aliases.reassign', { path: alias.path })}
              placeholder={t('aliases.reassignPlaceholder')}
              value={null}
              onChange={(categoryId) => void reassign(alias, categoryId)}
            />
          </div>
        </>
      )}
    />
  );
}
