/** The admin kit's stock pages: a placeholder for work to come and the area's not-found page. */
import { Button, Empty, Flex, Result, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAdminKitT } from './i18n';
import { useAdminPath } from './paths';

/** A page that exists in the route table but not yet in the product ('Coming soon'). */
export function AdminPlaceholder({
  title,
  description,
  back,
}: {
  title: string;
  /** What is missing, when more can be said than 'Coming soon'. */
  description?: string;
  back?: { to: string; label: string };
}) {
  const { t } = useAdminKitT();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Empty description={description ?? t('placeholder.comingSoon')} />
      {back ? (
        <div>
          <Link to={back.to}>
            <Button>{back.label}</Button>
          </Link>
        </div>
      ) : null}
    </Flex>
  );
}

export function AdminNotFound() {
  const { t } = useAdminKitT();
  const adminPath = useAdminPath();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      extra={
        <Link to={adminPath()}>
          <Button type="primary">{t('notFound.back')}</Button>
        </Link>
      }
    />
  );
}
