import { createServer, type Server, type Socket, connect } from 'node:net';

export interface TcpProxy {
  /** `http://127.0.0.1:<port>`: the target as the process under test sees it. */
  url: string;
  /** The target goes away: open connections are dropped, new ones refused. */
  cut(): Promise<void>;
  /** The target is back, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a server (an Elasticsearch node), to take it away from the process
 * under test and give it back without stopping it for every other test that shares it.
 */
export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const newServer = () =>
    createServer((client) => {
      const upstream = connect(Number(targetPort), hostname);
      track(client);
      track(upstream);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const shut = (server: Server) => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    return closed;
  };

  let server: Server | null = newServer();
  const port = await listen(server, 0);
  return {
    url: `http://127.0.0.1:${port}`,
    async cut() {
      if (server === null) return;
      const stopping = server;
      server = null;
      await shut(stopping);
    },
    async restore() {
      if (server !== null) return;
      server = newServer();
      await listen(server, port);
    },
    async close() {
      if (server !== null) await shut(server);
      server = null;
    },
  };
}
