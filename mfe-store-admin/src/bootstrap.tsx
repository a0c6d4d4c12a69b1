/** Standalone dev harness (`npm run dev -w @koopjesland/mfe-store-admin`, port 3003). */
import '@koopjesland/shared/fonts.css';
import { initI18n, useAuthStore } from '@koopjesland/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import StoreAdminRoutes from './routes';

initI18n();
void useAuthStore.getState().initialize();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<StoreAdminRoutes />} />
        <Route path="*" element={<Navigate to="/admin/stores" replace />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
