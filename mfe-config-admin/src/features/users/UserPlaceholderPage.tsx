/** users/{id} and users/new: the spec keeps the user detail page a placeholder. */
import { Button, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';

export function UserPlaceholderPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const { id } = useParams();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {id ? t('users.titles.detail', { id }) : t('users.titles.create')}
      </Typography.Title>
      <Empty description={t('users.placeholder')} />
      <div>
        <Button onClick={() => navigate('/admin/users')}>{t('users.buttons.back')}</Button>
      </div>
    </Flex>
  );
}
