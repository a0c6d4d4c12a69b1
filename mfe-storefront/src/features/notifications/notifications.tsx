/**
 * The storefront's toasts (docs/product.md §4, §9): bottom-right, at most 5 at once (the rest queue),
 * closing after 4 s. antd's notification code loads with the first toast, not on first paint.
 */
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export const NOTIFICATION_CONFIG = { placement: 'bottomRight', maxCount: 5, duration: 4 } as const;

export interface Notify {
  success(args: ArgsProps): void;
  error(args: ArgsProps): void;
  info(args: ArgsProps): void;
  warning(args: ArgsProps): void;
}

type Call = (api: NotificationInstance) => void;

const NotifyContext = createContext<Notify | null>(null);
const NotificationHost = lazy(() => import('./NotificationHost'));

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [hostWanted, setHostWanted] = useState(false);
  const api = useRef<NotificationInstance | null>(null);
  const pending = useRef<Call[]>([]);

  const notify = useMemo<Notify>(() => {
    const run = (call: Call) => {
      if (api.current) return call(api.current);
      pending.current.push(call);
      setHostWanted(true);
    };
    return {
      success: (args) => run((instance) => instance.success(args)),
      error: (args) => run((instance) => instance.error(args)),
      info: (args) => run((instance) => instance.info(args)),
      warning: (args) => run((instance) => instance.warning(args)),
    };
  }, []);

  const onReady = useCallback((instance: NotificationInstance) => {
    api.current = instance;
    for (const call of pending.current.splice(0)) call(instance);
  }, []);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {hostWanted && (
        <Suspense fallback={null}>
          <NotificationHost onReady={onReady} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

/** `notify.success({ title })` etc.; works anywhere below the storefront's providers. */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used below NotificationsProvider');
  return notify;
}
