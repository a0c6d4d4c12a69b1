/** Adds or edits a specification field: name, type, unit (numbers), options (lists) and the mapped property names. */
import { useNamespaceT, type SpecificationField, type SpecificationFieldType, type SpecificationUnit } from '@koopjesland/shared';
import { useAdminMutation } from '@koopjesland/shared/admin';
import { SPECIFICATION_FIELD_TYPES, SPECIFICATION_UNITS } from '@koopjesland/shared/entities';
import { Form, Input, Modal, Select } from 'antd';
import { NAMESPACE } from '../../i18n';
import { inputOf, useCreateSpecificationFieldMutation, useUpdateSpecificationFieldMutation } from './specifications-api';

interface Values {
  name: string;
  type: SpecificationFieldType;
  unit?: SpecificationUnit | null;
  options?: string[];
  propertyNames?: string[];
}

export function SpecificationFieldModal({
  categoryId,
  field,
  onClose,
}: {
  categoryId: number;
  field: SpecificationField | null;
  onClose(): void;
}) {
  const { t } = useNamespaceT(NAMESPACE);
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? field?.type ?? 'number';
  const run = useAdminMutation();
  const [create, created] = useCreateSpecificationFieldMutation();
  const [update, updated] = useUpdateSpecificationFieldMutation();

  const save = async (values: Values) => {
    const body = {
      name: values.name.trim(),
      type: values.type,
      unit: values.type === 'number' ? (values.unit ?? null) : null,
      options: values.type === 'list' ? (values.options ?? []) : [],
      propertyNames: values.propertyNames ?? [],
    };
    const done = await run(field ? update({ categoryId, fieldId: field.id, field: body }) : create({ categoryId, field: body }), {
      success: t('specifications.saved'),
      failure: t('specifications.saveFailed'),
    });
    if (done) onClose();
  };

  const tags = (label: string) => ({ mode: 'tags' as const, tokenSeparators: [','], open: false, suffixIcon: null, 'aria-label': label });

  return (
    <Modal
      open
      title={field ? t('specifications.editTitle', { name: field.name }) : t('specifications.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={created.isLoading || updated.isLoading}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={field ? inputOf(field) : { type: 'number', unit: null, options: [], propertyNames: [] }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="name" label={t('specifications.fields.name')} rules={[{ required: true, whitespace: true, message: t('specifications.validation.name') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="type" label={t('specifications.fields.type')}>
          <Select options={SPECIFICATION_FIELD_TYPES.map((value) => ({ value, label: t(`specifications.types.${value}`) }))} />
        </Form.Item>
        {type === 'number' ? (
          <Form.Item name="unit" label={t('specifications.fields.unit')}>
            <Select allowClear options={SPECIFICATION_UNITS.map((value) => ({ value, label: value }))} placeholder={t('specifications.noUnit')} />
          </Form.Item>
        ) : null}
        {type === 'list' ? (
          <Form.Item
            name="options"
            label={t('specifications.fields.options')}
            extra={t('specifications.hints.options')}
            rules={[{ required: true, type: 'array', min: 1, message: t('specifications.validation.options') }]}
          >
            <Select {...tags(t('specifications.fields.options'))} />
          </Form.Item>
        ) : null}
        <Form.Item name="propertyNames" label={t('specifications.fields.propertyNames')} extra={t('specifications.hints.propertyNames')}>
          <Select {...tags(t('specifications.fields.propertyNames'))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
