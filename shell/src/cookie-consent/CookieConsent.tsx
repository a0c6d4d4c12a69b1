/**
 * Cookie consent (docs/product.md §2): a modal over every page until a choice is made, stored under
 * cookie_consent as 'all' or 'essential'. Plain markup rather than antd's Modal, so the
 * visitor's first load does not carry antd for one dialog.
 */
import { useEffect, useRef, useState } from 'react';
import { useNamespaceT, useBrowserValue, useHydrated, useRenderHints } from '@koopjesland/shared';
import { type CookieConsent as Choice, readConsent, storeConsent } from './consent';

export const PRIVACY_POLICY_URL = '/privacy';

export function CookieConsent() {
  const { t } = useNamespaceT('shell');
  // A server render shows the dialog when the choice's cookie did not come along (hydration agrees);
  // the browser's own record decides right after.
  const { consentDecided } = useRenderHints();
  const stored = useBrowserValue(() => readConsent() !== null, consentDecided);
  const [chosen, setChosen] = useState(false);
  const decided = stored || chosen;
  // The server's dialog answers once the page is hydrated: a click before then would be lost, so
  // until then its buttons say they are not ready yet.
  const hydrated = useHydrated();
  const acceptButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!decided && hydrated) acceptButton.current?.focus();
  }, [decided, hydrated]);

  if (decided) return null;

  const choose = (choice: Choice) => {
    storeConsent(choice);
    setChosen(true);
  };

  return (
    <div className="kl-consent__backdrop">
      <div
        className="kl-consent"
        role="dialog"
        aria-modal="true"
        aria-labelledby="kl-consent-title"
        aria-describedby="kl-consent-body"
      >
        <h2 id="kl-consent-title">{t('cookieConsent.title')}</h2>
        <p id="kl-consent-body">{t('cookieConsent.body')}</p>
        <p>
          <a href={PRIVACY_POLICY_URL}>{t('cookieConsent.privacyPolicy')}</a>
        </p>
        <div className="kl-consent__actions">
          <button type="button" className="kl-shell-button" disabled={!hydrated} onClick={() => choose('essential')}>
            {t('cookieConsent.essentialOnly')}
          </button>
          <button
            ref={acceptButton}
            type="button"
            className="kl-shell-button kl-shell-button--primary"
            disabled={!hydrated}
            onClick={() => choose('all')}
          >
            {t('cookieConsent.acceptAll')}
          </button>
        </div>
      </div>
    </div>
  );
}
