/** /admin/outbox/{id}: one message as sent, in its plain-text form (links readable and copyable). */
import { useNamespaceT } from '@koopjesland/shared';
import { AdminPageLoading, useAdminDates, useAdminUrls } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { useOutboxMessageQuery } from './outbox-api';

export function OutboxMessagePage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const id = Number(useParams().id);
  const { data: message, error, isLoading } = useOutboxMessageQuery(id, { skip: !Number.isInteger(id) });

  const back = (
    <div>
      <Link to={urls.outbox.list()}>
        <Button>{t('outbox.buttons.back')}</Button>
      </Link>
    </div>
  );
  if (isLoading) return <AdminPageLoading />;
  if (error || !message) {
    const notFound = error && 'status' in error && error.status === 404;
    return (
      <Flex vertical gap={16}>
        <Alert type="error" showIcon title={notFound ? t('outbox.notFound') : t('common.loadFailed')} />
        {back}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {message.subject}
      </Typography.Title>
      <Card>
        <Descriptions column={1}>
          <Descriptions.Item label={t('outbox.fields.to')}>{message.to}</Descriptions.Item>
          <Descriptions.Item label={t('outbox.fields.createdAt')}>{dates.dateTime(message.createdAt)}</Descriptions.Item>
        </Descriptions>
        <pre data-testid="outbox-message-text" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', marginTop: 16 }}>
          {message.text}
        </pre>
      </Card>
      {back}
    </Flex>
  );
}
