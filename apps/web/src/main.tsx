import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './i18n';
import { firstPageShown, whenIdle } from './lib/first-page';
import './index.css';

// The start runs in a task of its own after the one that evaluated the modules (React, the router,
// the route table), and the first render as a transition: React works in slices of a few
// milliseconds and lets the browser run between them, rather than in one long task that would
// block a phone's taps (the page painted from the HTML is on screen meanwhile).
setTimeout(() => {
  void initI18n();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

// keeps the app on the phone: a reload without network shows the app and its offline notice. Its
// installation downloads every file of the app (some 2 MB): it waits until the first page is
// shown and the browser is idle, rather than compete with that page's own scripts
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  void firstPageShown(3000).then(() =>
    whenIdle(() => void navigator.serviceWorker.register('/service-worker.js').catch(() => undefined)),
  );
