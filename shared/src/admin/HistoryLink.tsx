/**
 * A detail page's link to its entity's history in the audit trail (`/admin/audit?entity=…&entityId=…`,
 * docs/product.md "Accounts, roles and audit API"). The audit trail is an admin page: other
 * roles do not get the link.
 */
import { HistoryOutlined } from '@ant-design/icons';
import { useAuthStore } from '@koopjesland/shared';
import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { useAdminKitT } from './i18n';
import { useAdminPath } from './paths';

/** `/admin/audit?entity=user&entityId=4` relative to the area's mount path. */
export function useHistoryPath() {
  const adminPath = useAdminPath();
  return (entity: string, entityId?: string | number) => {
    const query = new URLSearchParams({ entity });
    if (entityId !== undefined) query.set('entityId', String(entityId));
    return `${adminPath('audit')}?${query.toString()}`;
  };
}

export function HistoryLink({ entity, entityId }: { entity: string; entityId: string | number }) {
  const { t } = useAdminKitT();
  const historyPath = useHistoryPath();
  const isAdmin = useAuthStore((state) => Boolean(state.user?.isAdmin));
  if (!isAdmin) return null;
  return (
    <Link to={historyPath(entity, entityId)}>
      <Button icon={<HistoryOutlined />}>{t('history.link')}</Button>
    </Link>
  );
}
