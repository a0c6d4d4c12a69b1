/**
 * Loads this domain's site configuration at start into the shared store, which the remotes
 * read. The storefront shows its own loading state; a failure shows a banner with a retry.
 * A 404 ('missing') is not an error: none exists yet and the admin can create one.
 */
import { useNamespaceT, useSiteConfigState, useSiteConfigStore } from '@koopjesland/shared';
import { useEffect } from 'react';

export function SiteConfigLoader() {
  const { t } = useNamespaceT('shell');
  const { status, error } = useSiteConfigState();

  useEffect(() => {
    if (useSiteConfigStore.getState().status === 'idle') void useSiteConfigStore.getState().load();
  }, []);

  if (status !== 'error') return null;
  return (
    <div className="kl-banner" role="alert">
      <span>
        {t('siteConfig.loadFailed')} {error}
      </span>
      <button type="button" className="kl-shell-button" onClick={() => void useSiteConfigStore.getState().load()}>
        {t('common:errors.retry')}
      </button>
    </div>
  );
}
