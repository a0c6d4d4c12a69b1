/**
 * A page's states in plain markup with antd's look (styles in storefront.css): an error or notice
 * (`Alert`, `role="alert"` for errors), nothing found (`Empty`) and loading (`Spinner`). Visitor
 * pages render these on the server and in their first load; antd's versions brought its motion,
 * icons and Empty's illustrations into every page.
 */
import type { ReactNode } from 'react';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import InboxOutlined from '@ant-design/icons-svg/es/asn/InboxOutlined';
import { useStorefrontT } from '../i18n';
import { Icon } from './icon';

export function Alert({
  type,
  title,
  description,
  action,
}: {
  type: 'error' | 'info';
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={`kl-alert kl-alert-${type}`} role={type === 'error' ? 'alert' : 'status'}>
      <Icon icon={type === 'error' ? CloseCircleFilled : InfoCircleFilled} />
      <div className="kl-alert-content">
        <div className="kl-alert-title">{title}</div>
        {description && <div className="kl-alert-description">{description}</div>}
      </div>
      {action && <div className="kl-alert-action">{action}</div>}
    </div>
  );
}

export function Empty({ description, children }: { description: ReactNode; children?: ReactNode }) {
  return (
    <div className="kl-empty">
      <Icon icon={InboxOutlined} />
      <div className="kl-empty-description">{description}</div>
      {children && <div className="kl-empty-footer">{children}</div>}
    </div>
  );
}

/** "Loading": a spinner with its accessible name. */
export function Spinner() {
  const { t } = useStorefrontT();
  return <span className="kl-spinner" role="status" aria-label={t('common:app.loading')} />;
}

/** A page (or a page's main block) loading: the spinner centred in a padded block. */
export function PageSpinner({ children }: { children?: ReactNode }) {
  return (
    <div className="kl-page-spinner">
      {children}
      <Spinner />
    </div>
  );
}
