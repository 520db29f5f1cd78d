import net from "node:net";

/**
 * A TCP proxy in front of PostgreSQL that a test can kill and bring back on the same port, as a
 * database host that blinks: `kill()` resets every open connection and stops listening.
 */
export type TcpProxy = {
  port: number;
  /** The local ports of the proxy's connections to the target: the server's backends in pg_stat_activity. */
  upstreamPorts(): number[];
  kill(): Promise<void>;
  /** Listens again (nothing when it already does). */
  revive(): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(port: number, target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let server: net.Server | null = null;

  const open = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const next = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        const pair = { client, upstream };
        pairs.add(pair);
        const drop = () => {
          pairs.delete(pair);
          client.destroy();
          upstream.destroy();
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        server = next;
        resolve();
      });
    });

  const kill = async () => {
    const closing = server;
    server = null;
    const closed = closing ? new Promise<void>((resolve) => closing.close(() => resolve())) : Promise.resolve();
    // A reset, not a polite FIN: what a crashed proxy or a dropped route looks like to the client.
    for (const { client, upstream } of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
    await closed;
  };

  await open();
  return {
    port,
    upstreamPorts: () => [...pairs].map(({ upstream }) => upstream.localPort).filter((local): local is number => typeof local === "number"),
    kill,
    revive: open,
    close: kill,
  };
}
