/** Header (spec §2): logo, category drawer toggle, search box, language menu, user menu. */
import { GlobalOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Layout, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { changeLanguage, currentLanguage, selectIsAdmin, useAuthStore, type Language } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { loginPathFor } from '../login/redirect';

const CategoryDrawer = lazy(() => import('../category-drawer/CategoryDrawer'));

function LanguageMenu() {
  const { t, i18n } = useStorefrontT();
  const language = (i18n.resolvedLanguage as Language | undefined) ?? currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: [
          { key: 'nl', label: t('common:language.nl') },
          { key: 'en', label: t('common:language.en') },
        ],
        onClick: ({ key }) => void changeLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('common:language.label')}>
        {language.toUpperCase()}
      </Button>
    </Dropdown>
  );
}

function UserMenu() {
  const { t } = useStorefrontT();
  const user = useAuthStore((state) => state.user);
  const isAdmin = useAuthStore(selectIsAdmin);
  const logout = useAuthStore((state) => state.logout);
  const location = useLocation();
  const navigate = useNavigate();
  if (!user) {
    return (
      <Link to={loginPathFor(location)}>
        <Button type="primary" icon={<UserOutlined />}>
          {t('header.login')}
        </Button>
      </Link>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'email', label: user.email, disabled: true },
          ...(isAdmin ? [{ key: 'admin', label: t('header.adminPanel') }] : []),
          { type: 'divider' as const },
          { key: 'logout', label: t('header.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'admin') navigate('/admin');
          if (key === 'logout') void logout();
        },
      }}
    >
      <Button type="text" icon={<UserOutlined />} aria-label={t('header.userMenu')} />
    </Dropdown>
  );
}

export function Header() {
  const { t } = useStorefrontT();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const search = (value: string) => {
    const query = value.trim();
    if (query) navigate(`/search?q=${encodeURIComponent(query)}`);
  };
  return (
    <Layout.Header
      style={{ display: 'flex', alignItems: 'center', gap: 12, background: '#fff', padding: '0 16px', borderBottom: '1px solid #f0f0f0' }}
    >
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={t('header.categories')}
        onClick={() => {
          setDrawerLoaded(true);
          setDrawerOpen(true);
        }}
      />
      <Link to="/" aria-label={t('header.home')} style={{ fontWeight: 700, fontSize: 20, whiteSpace: 'nowrap' }}>
        {t('common:app.name')}
      </Link>
      <Input.Search
        role="searchbox"
        aria-label={t('header.search')}
        placeholder={t('header.searchPlaceholder')}
        onSearch={search}
        style={{ flex: 1, maxWidth: 560 }}
        enterButton
      />
      <Space style={{ marginLeft: 'auto' }}>
        <LanguageMenu />
        <UserMenu />
      </Space>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <CategoryDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </Layout.Header>
  );
}
