/**
 * The standalone dev harness every admin remote runs alone with (`npm run dev -w <remote>`):
 * fonts, i18n and auth as the shell would set them up, the remote's routes under /admin.
 */
import '@koopjesland/shared/fonts.css';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
// Through the package name, so the harness and the remote share the one (singleton) store.
import { initI18n, useAuthStore } from '@koopjesland/shared';

export function mountAdminRemote(AdminRoutes: ComponentType, landingPath: string): void {
  initI18n();
  void useAuthStore.getState().initialize();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route path="/admin/*" element={<AdminRoutes />} />
          <Route path="*" element={<Navigate to={landingPath} replace />} />
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
}
