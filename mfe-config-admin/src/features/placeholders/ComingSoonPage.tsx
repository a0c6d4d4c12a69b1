/** Wishlists and store ratings admin pages (and their details): 'coming soon' per spec §2. */
import { Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

export function ComingSoonPage({ titleKey }: { titleKey: 'placeholders.wishlists' | 'placeholders.storeRatings' }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t(titleKey)}
      </Typography.Title>
      <Empty description={t('placeholders.comingSoon')} />
    </Flex>
  );
}
