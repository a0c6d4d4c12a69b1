import { useAdminDates } from '@koopjesland/shared/admin';
import type { SiteConfiguration } from '@koopjesland/shared';
import { useNamespaceT } from '@koopjesland/shared';
import { Descriptions, Tag } from 'antd';
import { NAMESPACE } from '../../i18n';

const OPTIONAL_TEXT_FIELDS = [
  'keywords',
  'metaDescription',
  'ogTitle',
  'ogDescription',
  'ogImage',
  'twitterCard',
  'twitterTitle',
  'twitterDescription',
  'twitterImage',
] as const;

/** Read-only view of one configuration. */
export function SiteConfigurationDetails({ configuration, compact = false }: { configuration: SiteConfiguration; compact?: boolean }) {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  return (
    <Descriptions column={1} size={compact ? 'small' : 'middle'} bordered={!compact}>
      <Descriptions.Item label={t('siteConfiguration.fields.title')}>{configuration.title}</Descriptions.Item>
      <Descriptions.Item label={t('siteConfiguration.fields.name')}>{configuration.name}</Descriptions.Item>
      <Descriptions.Item label={t('siteConfiguration.fields.description')}>{configuration.description}</Descriptions.Item>
      <Descriptions.Item label={t('siteConfiguration.fields.domainNames')}>
        {configuration.domainNames.map((domain) => (
          <Tag key={domain}>{domain}</Tag>
        ))}
      </Descriptions.Item>
      <Descriptions.Item label={t('siteConfiguration.fields.rootCategory')}>
        {configuration.rootCategory?.name ?? t('siteConfiguration.allDomains')}
      </Descriptions.Item>
      {compact
        ? null
        : OPTIONAL_TEXT_FIELDS.filter((field) => configuration[field]).map((field) => (
            <Descriptions.Item key={field} label={t(`siteConfiguration.fields.${field}`)}>
              {configuration[field]}
            </Descriptions.Item>
          ))}
      <Descriptions.Item label={t('siteConfiguration.fields.updatedAt')}>{dates.dateTime(configuration.updatedAt)}</Descriptions.Item>
    </Descriptions>
  );
}
