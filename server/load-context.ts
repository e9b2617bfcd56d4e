import type { Logger } from './logger.ts';
import type { Services } from './services/index.ts';

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
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PageLoadContext {}
}
