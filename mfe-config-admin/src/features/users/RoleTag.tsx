import type { UserRole } from '@koopjesland/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { ROLE_COLORS, roleLabelKey } from './roles';

export function RoleTag({ role }: { role: UserRole }) {
  const { t } = useTranslation(NAMESPACE);
  return <Tag color={ROLE_COLORS[role]}>{t(roleLabelKey(role))}</Tag>;
}
