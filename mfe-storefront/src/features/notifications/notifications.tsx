/**
 * The storefront's toasts (docs/product.md §4, §9): bottom-right, at most 5 at once, closing after
 * 4 s, 440 px wide and at most 200 px high. A sixth waits in a queue and shows when one closes
 * (antd's own maxCount would drop the oldest instead). antd's notification code loads with the
 * first toast, not on first paint.
 */
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import { createContext, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyWithAntd } from '../../lib/lazy-with-antd';

export const MAX_OPEN_NOTIFICATIONS = 5;
/** Each toast's box (spec §9). */
const NOTICE_STYLE = { width: 440, maxHeight: 200, overflow: 'auto' } as const;

export interface Notify {
  success(args: ArgsProps): void;
  error(args: ArgsProps): void;
  info(args: ArgsProps): void;
  warning(args: ArgsProps): void;
}

type Kind = keyof Notify;
type Call = (api: NotificationInstance) => void;

const NotifyContext = createContext<Notify | null>(null);
const NotificationHost = lazyWithAntd(() => import('./NotificationHost'));

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [hostWanted, setHostWanted] = useState(false);
  const api = useRef<NotificationInstance | null>(null);
  /** Calls made before antd's holder was ready, then toasts waiting for one of the five places. */
  const pending = useRef<Call[]>([]);
  const open = useRef(0);
  const showNext = useCallback(() => {
    if (!api.current) return;
    while (open.current < MAX_OPEN_NOTIFICATIONS && pending.current.length) pending.current.shift()!(api.current);
  }, []);

  const notify = useMemo<Notify>(() => {
    const show = (kind: Kind, args: ArgsProps) => (instance: NotificationInstance) => {
      open.current += 1;
      instance[kind]({
        ...args,
        style: { ...NOTICE_STYLE, ...args.style },
        onClose: () => {
          open.current -= 1;
          args.onClose?.();
          showNext();
        },
      });
    };
    const run = (kind: Kind, args: ArgsProps) => {
      pending.current.push(show(kind, args));
      if (api.current) showNext();
      else setHostWanted(true);
    };
    return {
      success: (args) => run('success', args),
      error: (args) => run('error', args),
      info: (args) => run('info', args),
      warning: (args) => run('warning', args),
    };
  }, [showNext]);

  const onReady = useCallback(
    (instance: NotificationInstance) => {
      api.current = instance;
      showNext();
    },
    [showNext],
  );

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
