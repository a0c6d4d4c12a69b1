/** Standalone dev harness (`npm run dev -w @koopjesland/mfe-catalog-admin`, port 3002). */
import '@koopjesland/shared/fonts.css';
import { initI18n, useAuthStore } from '@koopjesland/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import CatalogAdminRoutes from './routes';

initI18n();
void useAuthStore.getState().initialize();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<CatalogAdminRoutes />} />
        <Route path="*" element={<Navigate to="/admin/categories" replace />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
