/**
 * Admin notices and confirmations. Notices close after 5 s (docs/product.md §4 "Notifications":
 * admin notices 5 s), bottom-right like every notification; confirmations default to the kit's
 * texts, with the product's own wordings (`confirmTexts`) for the deletions it names.
 */
import { App } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useAdminKitT } from './i18n';

export const ADMIN_NOTICE_SECONDS = 5;

export function useAdminNotices() {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title: ReactNode, description?: ReactNode) =>
        notification.success({ title, description, duration: ADMIN_NOTICE_SECONDS, placement: 'bottomRight' }),
      error: (title: ReactNode, description?: ReactNode) =>
        notification.error({ title, description, duration: ADMIN_NOTICE_SECONDS, placement: 'bottomRight' }),
    }),
    [notification],
  );
}

/** The product's confirmation texts (keys of the kit's `confirm` texts). */
export type ConfirmText = 'deleteFeed' | 'deleteSiteConfiguration' | 'deleteCategory' | 'removeAllProducts';

export interface ConfirmOptions {
  /** One of the product's confirmation texts, or a text of the caller's. */
  content: ConfirmText | { text: ReactNode };
  title?: ReactNode;
  /** A destructive action: red button labelled Delete. */
  danger?: boolean;
  okText?: ReactNode;
}

/** `await confirm({ content: 'deleteFeed', danger: true })` resolves true when confirmed. */
export function useConfirm() {
  const { modal } = App.useApp();
  const { t } = useAdminKitT();
  return useMemo(
    () =>
      ({ content, title, danger = false, okText }: ConfirmOptions): Promise<boolean> =>
        new Promise((resolve) => {
          modal.confirm({
            title: title ?? t('confirm.title'),
            content: typeof content === 'string' ? t(`confirm.${content}`) : content.text,
            okText: okText ?? (danger ? t('confirm.delete') : t('confirm.ok')),
            okButtonProps: { danger },
            cancelText: t('confirm.cancel'),
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    [modal, t],
  );
}
