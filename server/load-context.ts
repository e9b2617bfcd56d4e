import type { Logger } from './logger.ts';
import type { Services } from './services/index.ts';

/** Filled by the page's loaders: a part that fell back (app/lib/budget.server.ts) keeps the page out of the cache. */
export interface PageRender {
  degraded: boolean;
}

/**
 * What every page loader receives as `context`: the services (loaders call them in-process,
 * never over HTTP), the request id for logs, and the nonce of this response's CSP.
 */
export interface PageLoadContext {
  services: Services;
  logger: Logger;
  requestId: string;
  cspNonce: string | undefined;
  /** The reader's address (for rate limits), as the API sees it. */
  clientIp: string;
  /** This render's state, shared with the page cache (server/page-cache/page-cache.ts). */
  render: PageRender;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PageLoadContext {}
}
