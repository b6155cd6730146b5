import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import {
  type FromProbeThread,
  PROBE_THREAD_PRIORITY,
  type ProbeReport,
  type ProbeThreadOptions,
  probeThreadAnswers,
  type ToProbeThread,
} from './probe-answers';

/**
 * The probe thread (probe-server.ts): answers /api/health and /api/ready on PROBE_PORT from
 * the server's latest report, on an event loop no visitor's request ever waits on.
 */
if (!parentPort) throw new Error('probe-worker.ts runs as a worker thread');
const port = parentPort;
const { port: listenPort, host, stuckServerMs } = workerData as ProbeThreadOptions;
const say = (message: FromProbeThread) => port.postMessage(message);

// On a machine short of CPU a probe waits for the scheduler too: this thread goes ahead of the
// others (Linux sets priorities per thread) where the system allows it (CAP_SYS_NICE).
try {
  setPriority(PROBE_THREAD_PRIORITY);
} catch {
  // Not allowed: the probes still answer off the busy event loop, at the usual priority.
}

let report: ProbeReport | undefined;
let reportedAt = performance.now();

const server = createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0];
  const answers = probeThreadAnswers(report, performance.now() - reportedAt, stuckServerMs);
  const answer = path === '/api/health' ? answers.health : path === '/api/ready' ? answers.ready : undefined;
  const send = (statusCode: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    response.writeHead(statusCode, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...headers,
    });
    response.end(request.method === 'HEAD' ? undefined : text);
  };
  if (!answer) return send(404, { error: 'Not found: this port answers /api/health and /api/ready only.' });
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return send(405, { error: 'Method not allowed.' }, { allow: 'GET, HEAD' });
  }
  send(answer.statusCode, answer.body);
});

port.on('message', (message: ToProbeThread) => {
  if (message.type === 'report') {
    report = message.report;
    reportedAt = performance.now();
  } else {
    server.close();
    server.closeAllConnections();
    port.close();
  }
});
server.on('error', (error) => say({ type: 'failed', message: error.message }));
server.listen(listenPort, host, () => say({ type: 'listening', port: (server.address() as AddressInfo).port }));
