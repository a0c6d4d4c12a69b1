/** Renders antd's notification holder once a toast is wanted (lazily loaded by NotificationsProvider). */
import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';
import { NOTIFICATION_CONFIG } from './notifications';

export default function NotificationHost({ onReady }: { onReady(api: NotificationInstance): void }) {
  const [api, holder] = notification.useNotification(NOTIFICATION_CONFIG);
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
