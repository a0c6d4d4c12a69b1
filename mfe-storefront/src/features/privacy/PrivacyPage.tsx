/**
 * /privacy, linked from the cookie dialog: what the site keeps about a visitor, where and why.
 * The list follows what the code stores (shared/src/auth/storage.ts STORAGE_KEYS, click-outs);
 * its slug is reserved so no category can take the address (RESERVED_PAGE_SLUGS).
 */
import { Typography } from 'antd';
import { PageHead } from '../seo/PageHead';
import { useStorefrontT } from '../../i18n';

/** In the browser (localStorage) and on our server, in the order the page lists them. */
const BROWSER_ITEMS = ['authToken', 'authUser', 'cookieConsent', 'language', 'recentlyViewed', 'categoryPreferences'] as const;
const SERVER_ITEMS = ['account', 'clickOuts', 'wishlist'] as const;

export default function PrivacyPage() {
  const { t } = useStorefrontT();
  const item = (key: string) => (
    <li key={key}>
      <Typography.Text strong>{t(`privacy.items.${key}.name`)}</Typography.Text>: {t(`privacy.items.${key}.purpose`)}
    </li>
  );
  return (
    <article style={{ maxWidth: 760 }}>
      <PageHead title={t('privacy.title')} description={t('privacy.intro')} canonicalPath="/privacy" />
      <Typography.Title level={1}>{t('privacy.title')}</Typography.Title>
      <Typography.Paragraph>{t('privacy.intro')}</Typography.Paragraph>
      <Typography.Title level={2}>{t('privacy.browserTitle')}</Typography.Title>
      <Typography.Paragraph>{t('privacy.browserIntro')}</Typography.Paragraph>
      <ul>{BROWSER_ITEMS.map(item)}</ul>
      <Typography.Title level={2}>{t('privacy.serverTitle')}</Typography.Title>
      <ul>{SERVER_ITEMS.map(item)}</ul>
      <Typography.Title level={2}>{t('privacy.choicesTitle')}</Typography.Title>
      <Typography.Paragraph>{t('privacy.choices')}</Typography.Paragraph>
    </article>
  );
}
