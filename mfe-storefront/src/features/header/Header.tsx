/**
 * Header (docs/product.md §2): logo, category drawer toggle, search box, language menu, user menu.
 * Plain markup and CSS (storefront.css): it is on every first paint, so it carries no antd code;
 * the category drawer (antd Drawer) loads when first opened. On phones it is two rows (logo and
 * icon-only menus, then search), so a product's price still fits in the first screen.
 */
import FireOutlined from '@ant-design/icons-svg/es/asn/FireOutlined';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { Suspense, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { changeLanguage, currentLanguage, useAuthStore, type Language } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { useHasAdminPanel, useHydratedUser } from '../../lib/admin-access';
import { loginPathFor } from '../login/redirect';
import { MenuButton } from './MenuButton';
import { Icon } from '../../lib/icon';
import { lazyWithAntd } from '../../lib/lazy-with-antd';
import { buttonClassName } from '../../lib/button';

const CategoryDrawer = lazyWithAntd(() => import('../category-drawer/CategoryDrawer'));

const LANGUAGES: Language[] = ['nl', 'en'];

function LanguageMenu() {
  const { t, i18n } = useStorefrontT();
  const language = (i18n.resolvedLanguage as Language | undefined) ?? currentLanguage();
  return (
    <MenuButton
      label={t('common:language.label')}
      icon={<Icon icon={GlobalOutlined} />}
      text={language.toUpperCase()}
      entries={LANGUAGES.map((key) => ({ key, label: t(`common:language.${key}`), checked: key === language }))}
      onSelect={(key) => void changeLanguage(key as Language)}
    />
  );
}

function UserMenu() {
  const { t } = useStorefrontT();
  const user = useHydratedUser();
  const hasAdminPanel = useHasAdminPanel();
  const logout = useAuthStore((state) => state.logout);
  const location = useLocation();
  const navigate = useNavigate();
  if (!user) {
    return (
      <Link to={loginPathFor(location)} className={buttonClassName({ variant: 'primary' })}>
        <Icon icon={UserOutlined} />
        <span className="kl-header-label">{t('header.login')}</span>
      </Link>
    );
  }
  return (
    <MenuButton
      label={t('header.userMenu')}
      icon={<Icon icon={UserOutlined} />}
      entries={[
        { caption: user.email },
        { key: 'account', label: t('header.account') },
        { key: 'wishlist', label: t('header.wishlist') },
        ...(hasAdminPanel ? [{ key: 'admin', label: t('header.adminPanel') }] : []),
        { divider: true },
        { key: 'logout', label: t('header.logout') },
      ]}
      onSelect={(key) => {
        if (key === 'admin') navigate('/admin');
        if (key === 'account') navigate('/account');
        if (key === 'wishlist') navigate('/wishlist');
        if (key === 'logout') void logout();
      }}
    />
  );
}

export function Header() {
  const { t } = useStorefrontT();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  // A real form to /search: before the page is hydrated (a slow phone) the browser submits it
  // itself and the server renders the results; afterwards the app navigates. The text is read from
  // the form, so what was typed before hydration counts too.
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('q') as HTMLInputElement | null;
    const text = (input?.value ?? '').trim();
    if (text) navigate(`/search?q=${encodeURIComponent(text)}`);
  };
  return (
    <header className="kl-header">
      <button
        type="button"
        className={buttonClassName({ variant: 'text' })}
        aria-label={t('header.categories')}
        onClick={() => {
          setDrawerLoaded(true);
          setDrawerOpen(true);
        }}
      >
        <Icon icon={MenuOutlined} />
      </button>
      <Link to="/" aria-label={t('header.home')} className="kl-logo">
        {t('common:app.name')}
      </Link>
      <form role="search" className="kl-search" action="/search" method="get" onSubmit={search}>
        <input type="search" name="q" aria-label={t('header.search')} placeholder={t('header.searchPlaceholder')} />
        <button type="submit" className={buttonClassName({ variant: 'primary' })} aria-label={t('header.search')}>
          <Icon icon={SearchOutlined} />
        </button>
      </form>
      <div className="kl-header-menus">
        <Link to="/deals" className={buttonClassName({ variant: 'text' })}>
          <Icon icon={FireOutlined} />
          <span className="kl-header-label">{t('header.deals')}</span>
        </Link>
        <LanguageMenu />
        <UserMenu />
      </div>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <CategoryDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
