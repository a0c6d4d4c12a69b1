/** The shell composes; the storefront remote renders its own header and main layout. */
import { CookieConsent } from '../cookie-consent/CookieConsent';
import { AuthGate } from '../auth/AuthGate';
import { ShellRoutes } from './ShellRoutes';
import { SiteConfigLoader } from '../site-config/SiteConfigLoader';

export function App() {
  return (
    <>
      <SiteConfigLoader />
      <AuthGate>
        <ShellRoutes />
      </AuthGate>
      <CookieConsent />
    </>
  );
}
