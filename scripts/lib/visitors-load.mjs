// The visitors scenario's load generator (scripts/bench.mjs starts it under `taskset -c 0`, the
// server under `taskset -c 1`): VISITORS visitors, each its own keep-alive connection, in a
// closed loop with think time: ask, wait for the whole answer (or TIMEOUT), think, ask again.
// Closed so that a slow server slows its visitors as people are slowed, never piling up more
// requests than there are visitors; with think time because a person reads before the next
// click, while a bare closed loop would be as many robots. Stops asking after `durationS`,
// waits for what is under way, and prints one JSON line: per page kind, every answer.
//
//   node scripts/lib/visitors-load.mjs '{"baseUrl": ..., "visitors": 500, "durationS": 60,
//     "thinkMs": [500, 1500], "timeoutMs": 10000, "mix": [{"kind": "home", "path": "/"}, ...]}'
import http from 'node:http';

const { baseUrl, visitors, durationS, thinkMs, timeoutMs, mix, somaliShare } = JSON.parse(process.argv[2]);
const base = new URL(baseUrl);
const began = performance.now();
const until = began + durationS * 1000;
/** Per kind: every request's outcome and, when answered, its time in ms. */
const results = {};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ([low, high]) => low + Math.random() * (high - low);

function ask(agent, path, somali) {
  return new Promise((resolve) => {
    const started = performance.now();
    let settled = false;
    // The whole answer within timeoutMs, however it trickles in: a visitor does not wait longer.
    const timer = setTimeout(() => {
      settle({ timeout: true });
      request.destroy();
    }, timeoutMs);
    const settle = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // `at`: seconds into the run when it was asked, for the figures per stretch of the run.
      resolve({ ...outcome, ms: performance.now() - started, at: (started - began) / 1000 });
    };
    const request = http.get(
      {
        host: base.hostname,
        port: base.port,
        path,
        agent,
        headers: {
          accept: 'text/html,application/json;q=0.9,*/*;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': somali ? 'so,en;q=0.5' : 'en-GB,en;q=0.9',
          ...(somali ? { cookie: 'lang=so' } : {}),
        },
      },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => settle({ status: response.statusCode }));
        response.on('error', (error) => settle({ error: error.code ?? error.message }));
      },
    );
    request.on('error', (error) => settle({ error: error.code ?? error.message }));
  });
}

async function visitor(number) {
  // One connection per visitor, kept open between clicks as a browser keeps it.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const somali = Math.random() < somaliShare;
  // Visitors arrive over the first think time rather than all in the same millisecond.
  await sleep(between([0, thinkMs[1]]));
  while (performance.now() < until) {
    const { kind, path } = mix[Math.floor(Math.random() * mix.length)];
    const outcome = await ask(agent, path, somali);
    results[kind] ??= [];
    results[kind].push(outcome);
    if (outcome.timeout || outcome.error) {
      // A browser gives up on that connection and opens a new one.
      agent.destroy();
    }
    await sleep(between(thinkMs));
  }
  agent.destroy();
  return number;
}

await Promise.all(Array.from({ length: visitors }, (_, i) => visitor(i)));
process.stdout.write(`${JSON.stringify(results)}\n`);
