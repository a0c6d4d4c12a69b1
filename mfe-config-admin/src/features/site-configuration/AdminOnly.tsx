/** Site configuration pages show this text to non-admins (docs/product.md §6); the server enforces it too. */
import { useNamespaceT, selectIsAdmin, useAuthStore } from '@koopjesland/shared';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { NAMESPACE } from '../../i18n';

export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useNamespaceT(NAMESPACE);
  const isAdmin = useAuthStore(selectIsAdmin);
  if (!isAdmin) return <Alert type="error" showIcon title={t('siteConfiguration.accessDenied')} />;
  return <>{children}</>;
}
