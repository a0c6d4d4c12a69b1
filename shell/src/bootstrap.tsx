import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import {
  changeLanguage,
  embeddedPageState,
  useAuthStore,
  useSiteConfigStore,
  type Language,
  type SiteConfiguration,
} from '@koopjesland/shared';
import { App } from './app/App';
import { initFederation, loadRemoteRoutes, provideRemoteRoutes } from './federation/runtime';
import { readRemotesConfig } from './federation/remotes-config';
import { STOREFRONT_REMOTE } from './routing/route-table';
import { initShellI18n } from './i18n';
import { replayEarlyClicks, stopRecording } from './early-clicks';

initShellI18n();
// Remote URLs come from the server at runtime; routes wait on this promise, not the first paint.
initFederation(readRemotesConfig());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

/**
 * A server-rendered page (docs/architecture.md "Server rendering") is hydrated in the state it was
 * rendered in: its language and site configuration, an anonymous visitor (the stored sign-in is
 * checked right after, so per-user parts appear then) and the storefront's routes already loaded.
 */
async function hydrate(state: NonNullable<ReturnType<typeof embeddedPageState>>) {
  await changeLanguage(state.language as Language);
  const configuration = state.siteConfiguration as SiteConfiguration | null;
  useSiteConfigStore.setState(
    configuration
      ? { status: 'ready', configuration, error: null }
      : { status: 'missing', configuration: null, error: null },
  );
  useAuthStore.setState({ status: 'anonymous', user: null, token: null });
  provideRemoteRoutes(STOREFRONT_REMOTE, await loadRemoteRoutes(STOREFRONT_REMOTE));
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page; a tap meanwhile still hydrates its part at once.
  startTransition(() => {
    hydrateRoot(container!, app);
  });
  // React listens from here on: a button clicked before is hydrated at once and gets its click.
  replayEarlyClicks();
}

const serverState = embeddedPageState();
if (serverState && container.firstElementChild) {
  hydrate(serverState).catch((error: unknown) => {
    // The storefront did not load: render on the client, where the area shows its error and retry.
    console.warn('Hydration skipped:', error);
    stopRecording();
    createRoot(container).render(app);
  });
} else {
  stopRecording();
  createRoot(container).render(app);
}
