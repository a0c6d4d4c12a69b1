import { useNamespaceT, TAG_COLORS } from '@koopjesland/shared';
import { Tag } from 'antd';
import { NAMESPACE } from '../../i18n';

/** Whether the product's lowest price has reached the desired maximum. */
export function TargetTag({ met }: { met: boolean }) {
  const { t } = useNamespaceT(NAMESPACE);
  return met ? <Tag color={TAG_COLORS.green}>{t('wishlists.targetMet')}</Tag> : <Tag>{t('wishlists.targetNotMet')}</Tag>;
}
