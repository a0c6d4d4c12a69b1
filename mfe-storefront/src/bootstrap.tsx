/**
 * Standalone dev harness (`npm run dev -w @koopjesland/mfe-storefront`, port 3001): what the
 * shell does at start (i18n, auth, site configuration), then the exposed routes at `/*`.
 */
import '@koopjesland/shared/fonts.css';
import { initI18n, useAuthStore, useSiteConfigStore } from '@koopjesland/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import StorefrontRoutes from './routes';

initI18n();
void useAuthStore.getState().initialize();
// The shell loads the site configuration once; running alone, nobody has, so load it here.
if (useSiteConfigStore.getState().status === 'idle') void useSiteConfigStore.getState().load();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/*" element={<StorefrontRoutes />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
