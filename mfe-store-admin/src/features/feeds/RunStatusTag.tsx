import { Tag } from 'antd';
import { useNamespaceT } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';

const COLORS: Record<string, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
  held: 'gold',
};

export function RunStatusTag({ status }: { status: string }) {
  const { t } = useNamespaceT(NAMESPACE);
  return <Tag color={COLORS[status] ?? 'default'}>{t(`runs.statuses.${status}`, { defaultValue: status })}</Tag>;
}
