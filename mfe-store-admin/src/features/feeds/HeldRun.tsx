/**
 * The collapse guard's held run: a run that would expire more than
 * the feed's share of offers, or read an empty file, waits for review; the offers of the last
 * good run stay live until an admin applies it anyway or discards it.
 */
import { useAdminMutation } from '@koopjesland/shared/admin';
import { Alert, Button, Descriptions, Flex } from 'antd';
import { useNamespaceT } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import { useApplyHeldRunMutation, useDiscardHeldRunMutation, type AdminFeedRun } from './feeds-api';

export function HeldRun({ run }: { run: AdminFeedRun }) {
  const { t } = useNamespaceT(NAMESPACE);
  const mutate = useAdminMutation();
  const [apply, applying] = useApplyHeldRunMutation();
  const [discard, discarding] = useDiscardHeldRunMutation();

  const act = async (action: typeof apply) => {
    await mutate(action(run.id), { failure: t('runs.held.failed') });
  };

  return (
    <Alert
      type="warning"
      showIcon
      title={t('runs.held.title')}
      description={
        <Flex vertical gap={12}>
          {run.heldReason ?? run.failureReason ?? t('runs.held.explanation')}
          <Descriptions size="small" column={{ xs: 2, md: 4 }}>
            <Descriptions.Item label={t('runs.fields.recordsRead')}>{run.recordsRead}</Descriptions.Item>
            <Descriptions.Item label={t('runs.fields.created')}>{run.offersCreated}</Descriptions.Item>
            <Descriptions.Item label={t('runs.fields.updated')}>{run.offersUpdated}</Descriptions.Item>
            <Descriptions.Item label={t('runs.fields.expired')}>{run.offersExpired}</Descriptions.Item>
          </Descriptions>
          <Flex gap={8}>
            <Button type="primary" danger loading={applying.isLoading} onClick={() => act(apply)}>
              {t('runs.held.apply')}
            </Button>
            <Button loading={discarding.isLoading} onClick={() => act(discard)}>
              {t('runs.held.discard')}
            </Button>
          </Flex>
        </Flex>
      }
    />
  );
}
