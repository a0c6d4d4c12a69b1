/**
 * Add, edit or duplicate a feed (docs/product.md §4 "Feed form modal", §5 "Feed form"). The
 * storage path follows the name (`{storeSlug}/{name}.xml`) and Auto-fill does the same; the
 * parameters are fields; credentials are write-only ("set", replace or clear, never shown).
 */
import { useNamespaceT, TAG_COLORS } from '@koopjesland/shared';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_IMPLAUSIBLE_ABOVE,
  DEFAULT_IMPLAUSIBLE_BELOW,
  FEED_CANONICAL_FIELDS,
  FEED_COMPRESSIONS,
  FEED_IMPORTERS,
} from '@koopjesland/shared/entities';
import { Alert, Button, Collapse, Flex, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { NAMESPACE } from '../../i18n';
import {
  canSaveFeed,
  DEFAULT_COLLAPSE_SHARE,
  DEFAULT_INTERVAL_HOURS,
  feedPath,
  initialValues,
  isInStoreFolder,
  toFeedInput,
  type FeedFormMode,
  type FeedFormValues,
} from './feed-form';
import { useCreateFeedMutation, useUpdateFeedMutation } from './feeds-api';

interface Props {
  /** What the form opens for; the parent mounts the modal only while it is open. */
  mode: FeedFormMode;
  storeId: number;
  storeSlug: string;
  onClose: () => void;
  onSaved?: () => void;
}

const DELIMITERS = [',', ';', 'tab', '|'] as const;

export function FeedFormModal({ mode, storeId, storeSlug, onClose, onSaved }: Props) {
  const { t } = useNamespaceT(NAMESPACE);
  const [form] = Form.useForm<FeedFormValues>();
  const [createFeed, creating] = useCreateFeedMutation();
  const [updateFeed, updating] = useUpdateFeedMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const name = Form.useWatch('name', form);
  const importer = Form.useWatch('importer', form);
  const path = Form.useWatch('path', form);
  const credentialAction = Form.useWatch('credentialAction', { form, preserve: true });
  const credentialKind = Form.useWatch('credentialKind', { form, preserve: true });
  const editing = mode.kind === 'edit' ? mode.feed : null;

  const save = async () => {
    if (!(await form.validateFields().then(() => true, () => false))) return;
    // All values, also those of the parameter and credential panels not opened yet.
    const values = form.getFieldsValue(true) as FeedFormValues;
    const feed = toFeedInput(values, mode.kind === 'add' ? undefined : mode.feed);
    const result = editing ? await updateFeed({ id: editing.id, feed }) : await createFeed({ storeId, feed });
    if (result.error) {
      setFailure('message' in result.error && result.error.message ? result.error.message : t('feeds.saveFailed'));
      return;
    }
    onSaved?.();
    onClose();
  };

  const title = editing ? t('feeds.titles.edit') : t('feeds.titles.add');
  const parameterFields = (
    <>
      <Form.Item label={t('feeds.fields.fieldMap')} extra={t('feeds.help.fieldMap')}>
        <Form.List name="fieldMap">
          {(rows, { add, remove }) => (
            <Flex vertical gap={8}>
              {rows.map((row) => (
                <Space key={row.key} align="start">
                  <Form.Item name={[row.name, 'field']} noStyle>
                    <Select
                      style={{ width: 170 }}
                      aria-label={t('feeds.fields.canonicalField')}
                      placeholder={t('feeds.fields.canonicalField')}
                      options={FEED_CANONICAL_FIELDS.map((field) => ({ value: field, label: field }))}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'keys']} noStyle>
                    <Input style={{ width: 240 }} aria-label={t('feeds.fields.sourceKeys')} placeholder={t('feeds.fields.sourceKeys')} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} aria-label={t('common.remove')} onClick={() => remove(row.name)} />
                </Space>
              ))}
              <div>
                <Button icon={<PlusOutlined />} onClick={() => add({})}>
                  {t('feeds.buttons.addMapping')}
                </Button>
              </div>
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <Space wrap>
        <Form.Item name="format" label={t('feeds.fields.format')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('feeds.fields.detected')} options={['xml', 'csv', 'json'].map((value) => ({ value, label: value.toUpperCase() }))} />
        </Form.Item>
        <Form.Item name="delimiter" label={t('feeds.fields.delimiter')}>
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('feeds.fields.detected')}
            options={DELIMITERS.map((value) => ({ value, label: value === 'tab' ? t('feeds.delimiters.tab') : value }))}
          />
        </Form.Item>
        <Form.Item name="encoding" label={t('feeds.fields.encoding')}>
          <Select allowClear style={{ width: 140 }} placeholder="UTF-8" options={[{ value: 'utf8', label: 'UTF-8' }, { value: 'latin1', label: 'Latin-1' }]} />
        </Form.Item>
        <Form.Item name="recordElement" label={t('feeds.fields.recordElement')}>
          <Input style={{ width: 160 }} />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name="intervalHours" label={t('feeds.fields.intervalHours')}>
          <InputNumber min={0.25} max={720} step={1} placeholder={String(DEFAULT_INTERVAL_HOURS)} suffix={t('feeds.units.hours')} />
        </Form.Item>
        <Form.Item name="cron" label={t('feeds.fields.cron')} extra={t('feeds.help.cron')}>
          <Input placeholder="0 */6 * * *" />
        </Form.Item>
        <Form.Item name="collapsePercent" label={t('feeds.fields.collapseShare')} extra={t('feeds.help.collapseShare')}>
          <InputNumber min={1} max={100} step={5} placeholder={String(DEFAULT_COLLAPSE_SHARE * 100)} suffix="%" />
        </Form.Item>
        <Form.Item
          name="implausibleBelowPercent"
          label={t('feeds.fields.implausibleBelow')}
          extra={t('feeds.help.implausibleBelow')}
        >
          <InputNumber min={0} max={100} step={5} placeholder={(DEFAULT_IMPLAUSIBLE_BELOW * 100).toFixed(1)} suffix="%" />
        </Form.Item>
        <Form.Item name="implausibleAbove" label={t('feeds.fields.implausibleAbove')} extra={t('feeds.help.implausibleAbove')}>
          <InputNumber min={1} max={1000} step={0.5} placeholder={String(DEFAULT_IMPLAUSIBLE_ABOVE)} suffix="×" />
        </Form.Item>
      </Space>
    </>
  );

  const credentialFields = (
    <>
      <Form.Item name="credentialAction" label={t('feeds.fields.credentials')}>
        <Radio.Group>
          {editing?.hasCredentials ? (
            <Radio value="keep">
              {t('feeds.credentials.keep')} <Tag color={TAG_COLORS.green}>{t('feeds.credentials.set')}</Tag>
            </Radio>
          ) : null}
          <Radio value="replace">{editing?.hasCredentials ? t('feeds.credentials.replace') : t('feeds.credentials.enter')}</Radio>
          {editing?.hasCredentials ? <Radio value="clear">{t('feeds.credentials.clear')}</Radio> : null}
        </Radio.Group>
      </Form.Item>
      {credentialAction === 'replace' ? (
        <>
          <Form.Item name="credentialKind" label={t('feeds.fields.credentialKind')}>
            <Radio.Group
              options={[
                { value: 'basic', label: t('feeds.credentials.basic') },
                { value: 'token', label: t('feeds.credentials.token') },
              ]}
            />
          </Form.Item>
          {credentialKind === 'token' ? (
            <Form.Item name="token" label={t('feeds.fields.token')}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          ) : (
            <Space wrap>
              <Form.Item name="username" label={t('feeds.fields.username')}>
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name="password" label={t('feeds.fields.password')}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Space>
          )}
        </>
      ) : null}
    </>
  );

  return (
    <Modal
      open
      title={title}
      width={760}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !canSaveFeed({ name, importer, path }) }}
      confirmLoading={creating.isLoading || updating.isLoading}
      onOk={save}
      onCancel={onClose}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} /> : null}
      <Form<FeedFormValues>
        form={form}
        name="feed"
        layout="vertical"
        initialValues={initialValues(mode, storeSlug)}
        onValuesChange={(changed: Partial<FeedFormValues>) => {
          if ('name' in changed) form.setFieldValue('path', feedPath(storeSlug, changed.name ?? ''));
        }}
      >
        <Form.Item name="name" label={t('feeds.fields.name')} rules={[{ required: true, whitespace: true, message: t('feeds.validation.nameRequired') }]}>
          <Input />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="importer" label={t('feeds.fields.importer')} rules={[{ required: true, message: t('feeds.validation.importerRequired') }]}>
            <Select style={{ width: 200 }} options={FEED_IMPORTERS.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item name="compression" label={t('feeds.fields.compression')}>
            <Select style={{ width: 140 }} options={FEED_COMPRESSIONS.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item name="isActive" label={t('feeds.fields.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="allowCreateProducts" label={t('feeds.fields.allowCreateProducts')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="url" label={t('feeds.fields.url')} extra={t('feeds.help.url')}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item label={t('feeds.fields.path')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="path"
              noStyle
              rules={[
                { required: true, whitespace: true, message: t('feeds.validation.pathRequired') },
                {
                  validator: async (_rule, value?: string) => {
                    if (value?.trim() && !isInStoreFolder(value, storeSlug)) {
                      throw new Error(t('feeds.validation.pathOutsideStore', { folder: `${storeSlug}/` }));
                    }
                  },
                },
              ]}
            >
              <Input aria-label={t('feeds.fields.path')} />
            </Form.Item>
            <Button onClick={() => form.setFieldValue('path', feedPath(storeSlug, form.getFieldValue('name') ?? ''))}>
              {t('feeds.buttons.autoFill')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Collapse
          size="small"
          items={[
            { key: 'parameters', label: t('feeds.titles.parameters'), children: parameterFields },
            { key: 'credentials', label: t('feeds.titles.credentials'), children: credentialFields },
          ]}
        />
      </Form>
    </Modal>
  );
}
