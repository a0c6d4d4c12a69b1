/** users/{id} and users/new: the user detail page is a placeholder (docs/product.md §2 "Admin users"). */
import { AdminPlaceholder, useAdminPath } from '@koopjesland/shared/admin';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';

export function UserPlaceholderPage() {
  const { t } = useTranslation(NAMESPACE);
  const adminPath = useAdminPath();
  const { id } = useParams();
  return (
    <AdminPlaceholder
      title={id ? t('users.titles.detail', { id }) : t('users.titles.create')}
      description={t('users.placeholder')}
      back={{ to: adminPath('users'), label: t('users.buttons.back') }}
    />
  );
}
