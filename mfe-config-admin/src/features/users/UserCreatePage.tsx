/**
 * /admin/users/new: an account with an email and a role (store managers: their stores), either
 * with an initial password or with an invitation e-mail whose link lets the user choose one.
 */
import { useAdminNotices, useAdminUrls } from '@koopjesland/shared/admin';
import type { UserRole } from '@koopjesland/shared';
import { Alert, Button, Card, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { Link, useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { ROLE_CHOICES, roleLabelKey } from './roles';
import { StorePicker } from './StorePicker';
import { useCreateUserMutation } from './users-api';

/** The browser's minimum (docs/product.md §9); the server applies its stricter policy and names it. */
const PASSWORD_MIN_LENGTH = 6;

interface CreateValues {
  email: string;
  role: UserRole;
  storeIds?: number[];
  setup: 'password' | 'invitation';
  password?: string;
}

export function UserCreatePage() {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const navigate = useNavigate();
  const notices = useAdminNotices();
  const [form] = Form.useForm<CreateValues>();
  const role = Form.useWatch('role', form);
  const setup = Form.useWatch('setup', form);
  const [createUser, { isLoading }] = useCreateUserMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: CreateValues) => {
    // Passwords are taken as typed; only the email is trimmed.
    const email = values.email.trim();
    setError(null);
    const result = await createUser({
      email,
      role: values.role,
      ...(values.role === 'store_manager' && values.storeIds?.length ? { storeIds: values.storeIds } : {}),
      ...(values.setup === 'password' ? { password: values.password } : {}),
    });
    if ('error' in result) {
      setError((result.error as { message?: string }).message ?? t('users.createFailed'));
      return;
    }
    notices.success(values.setup === 'invitation' ? t('users.invited', { email }) : t('users.created', { email }));
    navigate(urls.users.detail(result.data.id));
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('users.titles.create')}
      </Typography.Title>
      <Card>
        <Form<CreateValues>
          form={form}
          layout="vertical"
          initialValues={{ role: 'user', setup: 'invitation', storeIds: [] }}
          onFinish={(values) => void submit(values)}
          onValuesChange={() => setError(null)}
          disabled={isLoading}
        >
          <Form.Item
            name="email"
            label={t('users.fields.email')}
            rules={[
              { required: true, whitespace: true, message: t('users.validation.emailRequired') },
              { type: 'email', message: t('users.validation.emailInvalid') },
            ]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item name="role" label={t('users.fields.role')}>
            <Select options={ROLE_CHOICES.map((choice) => ({ value: choice, label: t(roleLabelKey(choice)) }))} />
          </Form.Item>
          {role === 'store_manager' ? (
            <Form.Item name="storeIds" label={t('users.fields.stores')} extra={t('users.storesHelp')}>
              <StorePicker />
            </Form.Item>
          ) : null}
          <Form.Item name="setup" label={t('users.fields.setup')}>
            <Radio.Group
              options={[
                { value: 'invitation', label: t('users.setup.invitation') },
                { value: 'password', label: t('users.setup.password') },
              ]}
            />
          </Form.Item>
          {setup === 'password' ? (
            <Form.Item
              name="password"
              label={t('users.fields.password')}
              rules={[
                { required: true, message: t('users.validation.passwordRequired') },
                { min: PASSWORD_MIN_LENGTH, message: t('users.validation.passwordShort', { min: PASSWORD_MIN_LENGTH }) },
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          ) : null}
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={isLoading}>
              {t('users.buttons.create')}
            </Button>
            <Link to={urls.users.list()}>
              <Button>{t('users.buttons.back')}</Button>
            </Link>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
