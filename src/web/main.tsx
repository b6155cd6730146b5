import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './features/pwa/register-service-worker';
import './styles/index.css';

// index.html carries a default title and description for clients without JavaScript; each
// page renders its own (React hoists them), so the defaults go to keep exactly one of each.
for (const element of document.head.querySelectorAll('title, meta[name="description"]')) element.remove();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
