import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startWorker } from '#server/lib/worker-threads';
import {
  type FromProbeThread,
  healthAnswer,
  type ProbeThreadOptions,
  readyAnswer,
  type ToProbeThread,
} from './probe-answers';

/** Set by scripts/build-server.mjs: where the built probe thread lies from the built server. */
declare const PROBE_WORKER_FILE: string | undefined;

declare module 'fastify' {
  interface FastifyInstance {
    /** The port the probe thread listens on, once it does (PROBE_PORT set). */
    probePort(): number | undefined;
  }
}

/** How often the server tells the probe thread what the probes should answer. */
export const REPORT_INTERVAL_MS = 250;
/** How long closing waits for the probe thread to stop before ending it. */
const CLOSE_WAIT_MS = 2_000;

/**
 * With PROBE_PORT set, /api/health and /api/ready are also answered on that port by a thread
 * of their own (decision 0059): on the server's own port, a probe waits its turn among
 * visitors' requests, for a second or more when hundreds arrive at once. The server reports
 * its readiness checks to the thread four times a second; a server silent for
 * PROBE_STUCK_SERVER_SECONDS (stuck, not busy) gets 503 from there.
 */
export const probeServerPlugin = fp(
  async (app: FastifyInstance) => {
    let listeningOn: number | undefined;
    app.decorate('probePort', () => listeningOn);
    const { probePort, host, probeStuckServerMs } = app.config;
    if (probePort === undefined) return;

    const built = typeof PROBE_WORKER_FILE === 'string' ? new URL(PROBE_WORKER_FILE, import.meta.url) : undefined;
    const options: ProbeThreadOptions = { port: probePort, host, stuckServerMs: probeStuckServerMs };
    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    const worker = startWorker(built, new URL('./probe-worker.ts', import.meta.url), options);
    const tell = (message: ToProbeThread) => worker.postMessage(message);
    const started = new Promise<FromProbeThread>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.on('error', (error) => app.log.error({ err: error }, 'the probe thread failed'));
    void exited.then(() => {
      if (!closing) app.log.error('the probe thread stopped: PROBE_PORT no longer answers');
    });

    let reporting = false;
    const report = async () => {
      if (reporting) return;
      reporting = true;
      try {
        const [database, uploads] = await Promise.all([
          app.readiness.check('database'),
          app.readiness.check('uploads'),
        ]);
        tell({
          type: 'report',
          report: {
            health: healthAnswer(database, app.db.kind),
            ready: readyAnswer({ database, uploads }, app.storage.kind, app.readiness.draining),
          },
        });
      } finally {
        reporting = false;
      }
    };

    app.addHook('onReady', async () => {
      const listening = await started;
      if (listening.type === 'failed') throw new Error(`PROBE_PORT=${probePort}: ${listening.message}`);
      listeningOn = listening.port;
      await report();
      timer = setInterval(() => void report(), REPORT_INTERVAL_MS);
      timer.unref();
      app.log.info({ port: listeningOn }, 'health and readiness also answered on their own port');
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      tell({ type: 'close' });
      const late = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
      await exited;
      clearTimeout(late);
    });
  },
  { name: 'probe-server', dependencies: ['app-context', 'readiness'] },
);
