/**
 * /admin/site-configurations: a card per configuration with edit, delete ('cannot be undone') and
 * history, and a create/edit overlay form (docs/product.md §2 "Other admin pages", §8).
 */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { SiteConfiguration } from '@koopjesland/shared';
import { AdminEmpty, AdminPageLoading, HistoryLink, useAdminMutation, useConfirm } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Col, Flex, Modal, Row, Typography } from 'antd';
import { useState } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import { AdminOnly } from './AdminOnly';
import { formValuesOf, type SiteConfigurationInput } from './configuration-input';
import { SiteConfigurationDetails } from './SiteConfigurationDetails';
import { SiteConfigurationForm } from './SiteConfigurationForm';
import {
  useAllSiteConfigurationsQuery,
  useCreateSiteConfigurationMutation,
  useDeleteSiteConfigurationMutation,
  useUpdateSiteConfigurationMutation,
} from './site-configuration-api';

/** What the overlay edits: a new configuration, or an existing one. */
type Editing = { kind: 'new' } | { kind: 'edit'; configuration: SiteConfiguration } | null;

function ConfigurationOverlay({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useNamespaceT(NAMESPACE);
  const run = useAdminMutation();
  const [create, creating] = useCreateSiteConfigurationMutation();
  const [update, updating] = useUpdateSiteConfigurationMutation();
  const existing = editing?.kind === 'edit' ? editing.configuration : null;

  const save = async (input: SiteConfigurationInput) => {
    const saved = await run(existing ? update({ id: existing.id, input }) : create(input), {
      success: existing ? t('siteConfiguration.updated') : t('siteConfiguration.created'),
      failure: t('siteConfiguration.saveFailed'),
    });
    if (saved) onClose();
  };

  return (
    <Modal
      open={editing !== null}
      title={existing ? t('siteConfiguration.titles.edit', { name: existing.name }) : t('siteConfiguration.titles.create')}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      {editing ? (
        <SiteConfigurationForm
          key={existing?.id ?? 'new'}
          initialValues={formValuesOf(existing)}
          submitLabel={existing ? t('siteConfiguration.buttons.save') : t('siteConfiguration.buttons.create')}
          busy={creating.isLoading || updating.isLoading}
          onSubmit={(input) => void save(input)}
          actions={<Button onClick={onClose}>{t('siteConfiguration.buttons.cancel')}</Button>}
        />
      ) : null}
    </Modal>
  );
}

function ConfigurationCards({ onEdit }: { onEdit: (configuration: SiteConfiguration) => void }) {
  const { t } = useNamespaceT(NAMESPACE);
  const run = useAdminMutation();
  const confirm = useConfirm();
  const { data, error, isLoading } = useAllSiteConfigurationsQuery();
  const [remove] = useDeleteSiteConfigurationMutation();

  const askDelete = async (configuration: SiteConfiguration) => {
    if (!(await confirm({ content: 'deleteSiteConfiguration', danger: true }))) return;
    await run(remove(configuration.id), { success: t('siteConfiguration.deleted'), failure: t('siteConfiguration.deleteFailed') });
  };

  if (isLoading) return <AdminPageLoading />;
  if (error || !data) return <Alert type="error" showIcon title={t('siteConfiguration.fetchAllFailed')} />;
  if (data.length === 0) return <AdminEmpty description={t('siteConfiguration.empty')} />;
  return (
    <Row gutter={[16, 16]}>
      {data.map((configuration) => (
        <Col key={configuration.id} xs={24} lg={12} xl={8}>
          <Card
            title={configuration.name}
            actions={[
              <Button key="edit" type="link" icon={<EditOutlined />} onClick={() => onEdit(configuration)}>
                {t('siteConfiguration.buttons.edit')}
              </Button>,
              <Button key="delete" type="link" danger icon={<DeleteOutlined />} onClick={() => void askDelete(configuration)}>
                {t('siteConfiguration.buttons.delete')}
              </Button>,
            ]}
            extra={<HistoryLink entity="site-configuration" entityId={configuration.id} />}
          >
            <SiteConfigurationDetails configuration={configuration} compact />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export function SiteConfigurationsPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <AdminOnly>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center">
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('siteConfiguration.titles.all')}
          </Typography.Title>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'new' })}>
            {t('siteConfiguration.buttons.add')}
          </Button>
        </Flex>
        <ConfigurationCards onEdit={(configuration) => setEditing({ kind: 'edit', configuration })} />
        <ConfigurationOverlay editing={editing} onClose={() => setEditing(null)} />
      </Flex>
    </AdminOnly>
  );
}
