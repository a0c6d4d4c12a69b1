import type { UserRole } from '@koopjesland/shared';
import { Tag } from 'antd';
import { useNamespaceT } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import { ROLE_COLORS, roleLabelKey } from './roles';

export function RoleTag({ role }: { role: UserRole }) {
  const { t } = useNamespaceT(NAMESPACE);
  return <Tag color={ROLE_COLORS[role]}>{t(roleLabelKey(role))}</Tag>;
}
