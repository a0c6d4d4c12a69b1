/**
 * /admin/users/{id}: the user's account (email, role, stores, created/updated, wishlist count, last
 * sign-in), a role change and deletion. An admin cannot demote or delete themself; the server also
 * refuses to remove the last admin, and its message is shown.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { useNamespaceT, useAuthStore, type AdminUser } from '@koopjesland/shared';
import { AdminPageLoading, HistoryLink, useAdminDates, useAdminNotices, useAdminPath, useConfirm } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Descriptions, Flex, Form, Select, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { RoleTag } from './RoleTag';
import { ROLE_CHOICES, roleLabelKey } from './roles';
import { StorePicker } from './StorePicker';
import { useDeleteUserMutation, useUpdateUserMutation, useUserQuery, type UserChanges } from './users-api';

function RoleForm({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useNamespaceT(NAMESPACE);
  const notices = useAdminNotices();
  const [form] = Form.useForm<UserChanges>();
  const role = Form.useWatch('role', form) ?? user.role;
  const [updateUser, { isLoading }] = useUpdateUserMutation();

  const save = async (values: UserChanges) => {
    const storeIds = values.role === 'store_manager' && values.storeIds?.length ? values.storeIds : null;
    const result = await updateUser({ id: user.id, changes: { role: values.role, storeIds } });
    if ('error' in result) {
      const error = result.error as { message?: string };
      notices.error(t('users.saveFailed'), error.message);
    } else notices.success(t('users.saved'));
  };

  return (
    <Form<UserChanges>
      form={form}
      layout="vertical"
      initialValues={{ role: user.role, storeIds: user.storeIds ?? [] }}
      onFinish={(values) => void save(values)}
      disabled={isSelf}
    >
      <Form.Item name="role" label={t('users.fields.role')} extra={isSelf ? t('users.ownRole') : undefined}>
        <Select options={ROLE_CHOICES.map((choice) => ({ value: choice, label: t(roleLabelKey(choice)) }))} />
      </Form.Item>
      {role === 'store_manager' ? (
        <Form.Item name="storeIds" label={t('users.fields.stores')} extra={t('users.storesHelp')}>
          <StorePicker />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('users.buttons.save')}
      </Button>
    </Form>
  );
}

export function UserDetailPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const adminPath = useAdminPath();
  const navigate = useNavigate();
  const notices = useAdminNotices();
  const confirm = useConfirm();
  const id = Number(useParams().id);
  const signedInId = useAuthStore((state) => state.user?.id);
  const { data: user, error, isLoading } = useUserQuery(id, { skip: !Number.isInteger(id) });
  const [deleteUser, { isLoading: deleting }] = useDeleteUserMutation();

  const back = (
    <div>
      <Link to={adminPath('users')}>
        <Button>{t('users.buttons.back')}</Button>
      </Link>
    </div>
  );
  if (isLoading) return <AdminPageLoading />;
  if (error || !user) {
    const notFound = error && 'status' in error && error.status === 404;
    return (
      <Flex vertical gap={16}>
        <Alert type="error" showIcon title={notFound ? t('users.notFound') : t('users.loadFailed')} />
        {back}
      </Flex>
    );
  }

  const isSelf = user.id === signedInId;
  const remove = async () => {
    if (!(await confirm({ content: { text: t('users.confirmDelete', { email: user.email }) }, danger: true }))) return;
    const result = await deleteUser(user.id);
    if ('error' in result) {
      notices.error(t('users.deleteFailed'), (result.error as { message?: string }).message);
      return;
    }
    notices.success(t('users.deleted'));
    navigate(adminPath('users'));
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {user.email}
        </Typography.Title>
        <Flex gap={8}>
          <HistoryLink entity="user" entityId={user.id} />
          <Button danger icon={<DeleteOutlined />} disabled={isSelf} loading={deleting} onClick={() => void remove()}>
            {t('users.buttons.delete')}
          </Button>
        </Flex>
      </Flex>
      {isSelf ? <Alert type="info" showIcon title={t('users.selfNotice')} /> : null}
      <Card>
        <Descriptions column={1}>
          <Descriptions.Item label={t('users.fields.email')}>{user.email}</Descriptions.Item>
          <Descriptions.Item label={t('users.fields.role')}>
            <RoleTag role={user.role} />
          </Descriptions.Item>
          <Descriptions.Item label={t('users.fields.createdAt')}>{dates.dateTime(user.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('users.fields.updatedAt')}>{dates.dateTime(user.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('users.fields.wishlistCount')}>{user.wishlistCount}</Descriptions.Item>
          <Descriptions.Item label={t('users.fields.lastSignInAt')}>
            {user.lastSignInAt ? dates.dateTime(user.lastSignInAt) : t('users.neverSignedIn')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('users.titles.access')}>
        <RoleForm key={`${user.id}-${user.updatedAt}`} user={user} isSelf={isSelf} />
      </Card>
      {back}
    </Flex>
  );
}
