/** Renders antd's notification holder once a toast is wanted (lazily loaded by NotificationsProvider). */
import { ConfigProvider, notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';
import { NOTIFICATION_CONFIG } from './config';

export default function NotificationHost({ onReady }: { onReady(api: NotificationInstance): void }) {
  const [api, holder] = notification.useNotification(NOTIFICATION_CONFIG);
  useEffect(() => onReady(api), [api, onReady]);
  // Toasts slide and fade in 250 ms (spec §9).
  return <ConfigProvider theme={{ token: { motionDurationMid: '0.25s' } }}>{holder}</ConfigProvider>;
}
