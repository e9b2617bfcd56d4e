import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/**
 * `Connection: close` on an answer sent before the request's body was read to its end: a 413 from
 * the body limits in server/app.ts, a redirect of a form posted without a session, an error.
 *
 * The unread rest of the body is still on the connection. Node would read it off before the next
 * request, but @hono/node-server has wrapped the body in a web stream that nobody reads, gives up
 * after 500 ms and closes the socket — so the client's next request on that keep-alive connection
 * failed with "other side closed". Announcing the close lets the client open a fresh connection.
 * Only under Node (`c.env.incoming`); `app.request()` in tests has no socket.
 */
export function closeIfBodyUnread(): MiddlewareHandler {
  return async function closeIfBodyUnread(c, next) {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || incoming.complete) return;
    const hasBody = Number(incoming.headers['content-length'] ?? 0) > 0 || 'transfer-encoding' in incoming.headers;
    if (hasBody) c.res.headers.set('Connection', 'close');
  };
}
