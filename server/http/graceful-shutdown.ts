import type http from 'node:http';

export type DrainOutcome = 'drained' | 'grace-exceeded';

/**
 * Tracks the requests an HTTP server is answering, so that shutting down can wait for them.
 * `drain` stops accepting connections, closes the idle kept-alive ones, answers the requests under
 * way (uploads included) with `Connection: close` so their connections end with them, and resolves
 * once none is left — or, after `graceMs`, cuts what remains.
 */
export function trackInFlightRequests(server: http.Server) {
  const open = new Set<http.ServerResponse>();
  let draining = false;

  const endConnection = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };

  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    open.add(res);
    if (draining) endConnection(res);
    res.once('close', () => {
      open.delete(res);
      // A kept-alive connection whose answer went out with its headers already sent: end it now
      // rather than after the keep-alive timeout.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });

  return {
    /** Requests being answered now. */
    count(): number {
      return open.size;
    },
    drain(graceMs: number): Promise<DrainOutcome> {
      draining = true;
      for (const res of open) endConnection(res);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          server.closeAllConnections();
          resolve('grace-exceeded');
        }, graceMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve('drained');
        });
        server.closeIdleConnections();
      });
    },
  };
}
