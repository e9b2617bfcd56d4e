import type http from 'node:http';

/** Time for the request line and headers to arrive; for every request, uploads included. */
export const HEADERS_TIMEOUT_MS = 20_000;

/**
 * Limits of the HTTP server against slow or numerous clients. Node's own `requestTimeout` is one
 * value for the whole server and would cut a talk or a book upload after 30 s, so it is off
 * (0) and this listener times each request instead: a request whose body has not fully arrived
 * after `requestTimeoutMs` answers 408 and its connection closes — unless `isUploadPath` says
 * its body may take long (the routes that declare an `import` or `streamed` body limit: server/http/body-limits.ts). The response itself may take
 * as long as it needs (a long audio file to a slow phone).
 */
export function applyServerLimits(
  server: http.Server,
  options: { requestTimeoutMs: number; maxConnections: number; isUploadPath: (path: string) => boolean },
): void {
  server.requestTimeout = 0;
  server.headersTimeout = Math.min(HEADERS_TIMEOUT_MS, options.requestTimeoutMs);
  server.maxConnections = options.maxConnections;
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.complete || options.isUploadPath(path)) return;
    const timer = setTimeout(() => {
      if (req.complete) return;
      if (!res.headersSent) {
        res.writeHead(408, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
        res.end('Yêu cầu gửi lên quá chậm, xin thử lại.');
      }
      req.socket.destroySoon();
    }, options.requestTimeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    req.once('end', clear);
    res.once('finish', clear);
    res.once('close', clear);
  });
}
