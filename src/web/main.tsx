import { registerServiceWorker } from '#web/features/pwa/register-service-worker';
import { installLeadTracking } from '#web/lib/lead-beacon';
import '#web/styles/index.css';

/** Gives the browser a turn between big steps, so a slow phone never freezes for long. */
// A message, not setTimeout: no 4 ms clamp, and no dependence on timers (which tests may fake).
const yieldToBrowser = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * The app's code runs in steps, each a task of its own: React DOM, then the app (app/start.tsx).
 * Imported statically, all of it ran in one task, which a slow phone felt as a freeze. The
 * server preloads both with the page (web-app.ts), so the steps cost no round trip.
 */
async function start() {
  await import('react-dom/client');
  await yieldToBrowser();
  const { startApp } = await import('#web/app/start');
  await startApp(yieldToBrowser);
}

void start();
registerServiceWorker();
installLeadTracking();
