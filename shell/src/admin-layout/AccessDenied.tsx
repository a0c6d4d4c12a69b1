/**
 * A section the signed-in role may not use (docs/product.md §6 "Roles"): the spec's text
 * 'Access denied. Admin privileges required.' on screen, the role it was opened with, and a way
 * to the role's own first section. The sidebar stays, so every section the role may use is in reach.
 */
import { useAuthStore, useNamespaceT } from '@koopjesland/shared';
import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useAdminMenu } from './menu';

export function AccessDenied() {
  const { t } = useNamespaceT('shell');
  const role = useAuthStore((state) => state.user?.role ?? 'user');
  const home = useAdminMenu()[0];
  return (
    <Result
      status="403"
      title={t('admin.accessDenied.title')}
      subTitle={t('admin.accessDenied.role', { role: t(`admin.roles.${role}`) })}
      extra={
        home ? (
          <Link to={home.path}>
            <Button type="primary">{t('admin.accessDenied.goTo', { section: t(home.labelKey) })}</Button>
          </Link>
        ) : null
      }
    />
  );
}
