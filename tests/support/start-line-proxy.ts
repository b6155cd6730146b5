import { connect, createServer, type Socket } from 'node:net';
import { freePort } from './postgres-server';

/**
 * A TCP proxy on 127.0.0.1 that holds the first `parties` connections until all of them
 * have arrived, then lets them through together (and every later one at once): processes
 * started at the same moment reach the server in step, as they would on a fast machine.
 */
export async function startLineProxy(target: string, parties: number) {
  const { hostname, port } = new URL(target);
  const held: (() => void)[] = [];
  let open = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.pause();
    const through = () => {
      const upstream = connect(Number(port), hostname);
      sockets.add(upstream);
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
      client.pipe(upstream).pipe(client);
      client.resume();
    };
    if (open) return through();
    held.push(through);
    if (held.length >= parties) {
      open = true;
      for (const release of held.splice(0)) release();
    }
  });
  const proxyPort = await freePort();
  await new Promise<void>((resolve) => server.listen(proxyPort, '127.0.0.1', resolve));
  return {
    /** The target URL with the proxy's address in it. */
    url: target.replace(`${hostname}:${port}`, `127.0.0.1:${proxyPort}`),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
