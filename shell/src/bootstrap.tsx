import '@koopjesland/shared/fonts.css';
import './ui/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { initFederation } from './federation/runtime';
import { readRemotesConfig } from './federation/remotes-config';
import { initShellI18n } from './i18n';

initShellI18n();
// Remote URLs come from the server at runtime; routes wait on this promise, not the first paint.
initFederation(readRemotesConfig());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
