/**
 * Create/edit form of a site configuration (docs/product.md §5 "Site configuration"): title, name,
 * description and at least one domain name required; empty domain rows are dropped and, when
 * none remain, 'At least one domain name is required'; the last domain row cannot be removed;
 * logo and image fields are URLs; twitter card options summary, summary_large_image, app,
 * player; an empty root category is the default for all domains.
 */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Category } from '@koopjesland/shared';
import { Button, Col, Flex, Form, Input, Row, Select, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo, type ReactNode } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import {
  filledDomains,
  isAcceptedUrl,
  toSiteConfigurationInput,
  TWITTER_CARD_OPTIONS,
  type SiteConfigurationFormValues,
  type SiteConfigurationInput,
} from './configuration-input';
import { useCategoryTreeQuery } from './site-configuration-api';

interface TreeNode {
  value: number;
  title: string;
  children?: TreeNode[];
}

const toTree = (categories: readonly Category[]): TreeNode[] =>
  categories.map((category) => ({
    value: category.id,
    title: category.name,
    children: category.childCategories?.length ? toTree(category.childCategories) : undefined,
  }));

function RootCategoryPicker({ value, onChange, id }: { value?: number | null; onChange?: (value: number | null) => void; id?: string }) {
  const { t } = useNamespaceT(NAMESPACE);
  const { data, isLoading } = useCategoryTreeQuery();
  const treeData = useMemo(() => toTree(data ?? []), [data]);
  return (
    <TreeSelect<number>
      id={id}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={isLoading}
      treeData={treeData}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={t('siteConfiguration.allDomains')}
    />
  );
}

export interface SiteConfigurationFormProps {
  initialValues: SiteConfigurationFormValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (input: SiteConfigurationInput) => void;
  /** Extra buttons beside the submit button (Cancel, Delete). */
  actions?: ReactNode;
}

export function SiteConfigurationForm({ initialValues, submitLabel, busy, onSubmit, actions }: SiteConfigurationFormProps) {
  const { t } = useNamespaceT(NAMESPACE);
  const required = (field: string): Rule => ({
    required: true,
    whitespace: true,
    message: t('siteConfiguration.validation.required', { field: t(`siteConfiguration.fields.${field}`) }),
  });
  const urlRule: Rule = {
    validator: async (_rule, value: string | null | undefined) => {
      if (value && value.trim() && !isAcceptedUrl(value)) throw new Error(t('siteConfiguration.validation.url'));
    },
  };
  const text = (field: string, rules: Rule[] = [], long = false) => (
    <Form.Item name={field} label={t(`siteConfiguration.fields.${field}`)} rules={rules}>
      {long ? <Input.TextArea rows={3} /> : <Input />}
    </Form.Item>
  );

  return (
    <Form<SiteConfigurationFormValues>
      layout="vertical"
      initialValues={initialValues}
      disabled={busy}
      onFinish={(values) => onSubmit(toSiteConfigurationInput(values))}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('title', [required('title')])}
        </Col>
        <Col xs={24} md={12}>
          {text('name', [required('name')])}
        </Col>
      </Row>
      {text('description', [required('description')], true)}
      <Form.List
        name="domainNames"
        rules={[
          {
            validator: async (_rule, names: string[] | undefined) => {
              if (filledDomains(names).length === 0) throw new Error(t('siteConfiguration.validation.domainRequired'));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Form.Item label={t('siteConfiguration.fields.domainNames')} required>
            <Flex vertical gap={8}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="center">
                  <Form.Item name={field.name} noStyle>
                    <Input aria-label={t('siteConfiguration.domainRow', { number: index + 1 })} placeholder="koopjesland.nl" />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('siteConfiguration.buttons.removeDomain', { number: index + 1 })}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
                {t('siteConfiguration.buttons.addDomain')}
              </Button>
              <Form.ErrorList errors={errors} />
            </Flex>
          </Form.Item>
        )}
      </Form.List>
      {text('logo', [urlRule])}
      <Form.Item name="rootCategoryId" label={t('siteConfiguration.fields.rootCategory')} extra={t('siteConfiguration.rootCategoryHelp')}>
        <RootCategoryPicker />
      </Form.Item>
      {text('keywords')}
      {text('metaDescription', [], true)}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('ogTitle')}
        </Col>
        <Col xs={24} md={12}>
          {text('ogImage', [urlRule])}
        </Col>
      </Row>
      {text('ogDescription', [], true)}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="twitterCard" label={t('siteConfiguration.fields.twitterCard')}>
            <Select allowClear options={TWITTER_CARD_OPTIONS.map((option) => ({ value: option, label: option }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {text('twitterImage', [urlRule])}
        </Col>
      </Row>
      {text('twitterTitle')}
      {text('twitterDescription', [], true)}
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitLabel}
        </Button>
        {actions}
      </Flex>
    </Form>
  );
}
