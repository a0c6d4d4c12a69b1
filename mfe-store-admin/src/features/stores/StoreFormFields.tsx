/**
 * The store's fields with the rules of docs/product.md §5 "New store": used by the add-store
 * modal, the /admin/stores/new page and the detail page's Edit Store mode.
 */
import { Form, Input } from 'antd';
import type { FormInstance, FormProps } from 'antd';
import { isHttpUrl, trimValues, useSlugFollowsName } from '@koopjesland/shared/admin';
import { useMemo } from 'react';
import { isUrlOrSitePath, useNamespaceT } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import type { StoreInput } from './stores-api';

export interface StoreFormValues {
  name: string;
  slug: string;
  url: string;
  logo?: string;
}

/** Trimmed values as the API takes them (an empty logo is no logo). */
export function toStoreInput(values: StoreFormValues): StoreInput {
  const trimmed = trimValues({ ...values, logo: values.logo ?? '' });
  return { name: trimmed.name, slug: trimmed.slug, url: trimmed.url, logo: trimmed.logo || null };
}

interface Props extends Omit<FormProps<StoreFormValues>, 'form' | 'children'> {
  form: FormInstance<StoreFormValues>;
  /** An existing store keeps its slug when the name changes. */
  slugStartsManual?: boolean;
}

export function StoreForm({ form, slugStartsManual = false, onValuesChange, ...rest }: Props) {
  const { t } = useNamespaceT(NAMESPACE);
  const slugForm = useMemo(
    () => ({ setFieldValue: (field: string, value: unknown) => form.setFieldValue(field as keyof StoreFormValues, value) }),
    [form],
  );
  const followName = useSlugFollowsName(slugForm, { startManual: slugStartsManual });
  const urlRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      const text = value?.trim() ?? '';
      if (!text) throw new Error(t('stores.validation.urlRequired'));
      if (!isHttpUrl(text)) throw new Error(t('stores.validation.urlInvalid'));
    },
  };
  // The same rule as the API: the demo's logos and uploaded files are paths on this site.
  const logoRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      const text = value?.trim() ?? '';
      if (text && !isUrlOrSitePath(text)) throw new Error(t('stores.validation.logoInvalid'));
    },
  };
  return (
    <Form<StoreFormValues>
      form={form}
      layout="vertical"
      onValuesChange={(changed, all) => {
        followName(changed);
        onValuesChange?.(changed, all);
      }}
      {...rest}
    >
      <Form.Item name="name" label={t('stores.fields.name')} rules={[{ required: true, whitespace: true, message: t('stores.validation.nameRequired') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="slug" label={t('stores.fields.slug')} rules={[{ required: true, whitespace: true, message: t('stores.validation.slugRequired') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="url" label={t('stores.fields.url')} required rules={[urlRule]}>
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item name="logo" label={t('stores.fields.logo')} rules={[logoRule]}>
        <Input placeholder="https://" />
      </Form.Item>
    </Form>
  );
}
