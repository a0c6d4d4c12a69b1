/**
 * The admin area's frame (docs/product.md §2 "Admin layout"): a sidebar that stays in view on long
 * pages, with the links in the spec's order, back to the site, logout and "About", which names the
 * version the current area's remote reports (where an operator asking "which build is this?" looks,
 * rather than a line under every page). Loaded lazily: it is the shell's only antd code.
 */
import { ArrowLeftOutlined, InfoCircleOutlined, LogoutOutlined } from '@ant-design/icons';
import { useNamespaceT, useAuthStore, themeConfig } from '@koopjesland/shared';
import { Button, ConfigProvider, Layout, Menu, Modal } from 'antd';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { mayOpenAdminPath } from '../auth/section-access';
import { RemoteVersion } from '../federation/RemoteVersion';
import { AccessDenied } from './AccessDenied';
import { useAdminMenu } from './menu';

export default function AdminLayout() {
  const { t } = useNamespaceT('shell');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menu = useAdminMenu();
  const user = useAuthStore((state) => state.user);
  const [aboutOpen, setAboutOpen] = useState(false);
  const selected = menu.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));

  const logout = async () => {
    await useAuthStore.getState().logout();
    navigate('/', { replace: true });
  };

  return (
    <ConfigProvider theme={themeConfig}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Sider
          breakpoint="lg"
          collapsedWidth={0}
          width={240}
          theme="light"
          style={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}
        >
          <div style={{ padding: '16px 24px', fontWeight: 600 }}>{t('admin.title')}</div>
          <nav aria-label={t('admin.title')}>
            <Menu
              mode="inline"
              selectedKeys={selected ? [selected.path] : []}
              items={menu.map((item) => ({
                key: item.path,
                label: <Link to={item.path}>{t(item.labelKey)}</Link>,
              }))}
            />
          </nav>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 16 }}>
            <Link to="/">
              <ArrowLeftOutlined /> {t('admin.backToSite')}
            </Link>
            <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
              {t('admin.logout')}
            </Button>
            <Button type="text" icon={<InfoCircleOutlined />} onClick={() => setAboutOpen(true)}>
              {t('admin.about.button')}
            </Button>
          </div>
        </Layout.Sider>
        <Layout>
          <Layout.Content style={{ padding: 24 }}>
            {mayOpenAdminPath(user, pathname) ? <Outlet /> : <AccessDenied />}
          </Layout.Content>
          <Modal open={aboutOpen} title={t('admin.about.title')} footer={null} onCancel={() => setAboutOpen(false)}>
            <RemoteVersion />
          </Modal>
        </Layout>
      </Layout>
    </ConfigProvider>
  );
}
