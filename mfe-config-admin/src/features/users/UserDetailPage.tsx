/**
 * /admin/users/{id}: the user's account (email, role, stores, created/updated, wishlist count, last
 * sign-in), a role change and deletion. An admin cannot demote or delete themself; the server also
 * refuses to remove the last admin, and its message is shown.
 */
import { useNamespaceT, useAuthStore, type AdminUser } from '@koopjesland/shared';
import { AdminDetailPage, useAdminDates, useAdminMutation, useAdminUrls } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Descriptions, Form, Select } from 'antd';
import { useParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { RoleTag } from './RoleTag';
import { ROLE_CHOICES, roleLabelKey } from './roles';
import { StorePicker } from './StorePicker';
import { useDeleteUserMutation, useUpdateUserMutation, useUserQuery, type UserChanges } from './users-api';

function RoleForm({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useNamespaceT(NAMESPACE);
  const run = useAdminMutation();
  const [form] = Form.useForm<UserChanges>();
  const role = Form.useWatch('role', form) ?? user.role;
  const [updateUser, { isLoading }] = useUpdateUserMutation();

  const save = (values: UserChanges) => {
    const storeIds = values.role === 'store_manager' && values.storeIds?.length ? values.storeIds : null;
    return run(updateUser({ id: user.id, changes: { role: values.role, storeIds } }), { success: t('users.saved'), failure: t('users.saveFailed') });
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
  const urls = useAdminUrls();
  const run = useAdminMutation();
  const id = Number(useParams().id);
  const signedInId = useAuthStore((state) => state.user?.id);
  const query = useUserQuery(id, { skip: !Number.isInteger(id) });
  const [deleteUser] = useDeleteUserMutation();

  return (
    <AdminDetailPage
      query={query}
      notFound={t('users.notFound')}
      back={{ to: urls.users.list(), label: t('users.buttons.back') }}
      title={(user) => user.email}
      history={(user) => ({ entity: 'user', entityId: user.id })}
      remove={{
        label: t('users.buttons.delete'),
        confirm: (user) => t('users.confirmDelete', { email: user.email }),
        disabled: (user) => user.id === signedInId,
        run: (user) => run(deleteUser(user.id), { success: t('users.deleted'), failure: t('users.deleteFailed') }),
      }}
    >
      {(user) => {
        const isSelf = user.id === signedInId;
        return (
          <>
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
          </>
        );
      }}
    </AdminDetailPage>
  );
}
