import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { AppLoadContext } from 'react-router';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { MAX_JSON_BODY_BYTES } from '#common/constants.ts';
import { CONTROL_CHARACTERS_IN_ADDRESS } from '#common/messages.ts';
import { addressHasControlCharacters } from '#common/text/control-characters.ts';
import { installVietnameseZodMessages } from '#common/zod-vietnamese.ts';
import { requestMetaOf } from './api/context.ts';
import { createApi } from './api/index.ts';
import type { Env } from './env.ts';
import { AppError, isAppError, RETRY_AFTER_SECONDS } from './errors.ts';
import { closeIfBodyUnread } from './http/close-unread-body.ts';
import { compression, precompressedAssets } from './http/compression.ts';
import { refuseCrossSitePosts } from './http/cross-site-posts.ts';
import { mountHealthProbes } from './http/health.ts';
import { mountMetricsEndpoint, type Metrics } from './http/metrics.ts';
import type { Logger } from './logger.ts';
import type { PageRender } from './load-context.ts';
import type { MediaStorage } from './media/media-storage.ts';
import { createPageCache } from './page-cache/page-cache.ts';
import { replicaReads } from './http/replica-reads.ts';
import { serveMedia } from './media/serve-media.ts';
import { createFeedRoutes } from './feeds/feed.routes.ts';
import { browserUrlOf, withUrl } from './lib/proxy-headers.ts';
import { apiBodyLimitRules, createBodyLimitTable, type BodyLimitKind, type BodyLimitRule } from './http/body-limits.ts';
import { AVATAR_MAX_BYTES } from './services/avatar.service.ts';
import type { Services } from './services/index.ts';

/** React Router's handler; the context is PageLoadContext (server/load-context.ts). */
export type PageHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

export interface AppOptions {
  services: Services;
  env: Env;
  logger: Logger;
  /** React Router's request handler; absent in API tests. */
  pageHandler?: PageHandler;
  /** build/client in production: hashed assets and public files. Vite serves them in development. */
  clientDir?: string;
  media: MediaStorage;
  /** Development: Vite injects inline scripts without a nonce, so the CSP is left off. */
  dev?: boolean;
  /** The body limits page and resource routes declare in their `handle` (pageBodyLimitRules of the build). */
  pageBodyLimitRules?: readonly BodyLimitRule[];
  /** Prometheus metrics (server/http/metrics.ts): served at /metrics when METRICS_TOKEN is set. */
  metrics?: Metrics;
}

/** The YouTube privacy-enhanced player (app/components/videos/video-player.tsx) is the only frame the pages embed. */
const YOUTUBE_FRAME = 'https://www.youtube-nocookie.com';
/**
 * Powerful browser features: off for every page and frame, but what the pages use themselves (the
 * player's media keys, the screen kept on) and what the video frame needs to play and go fullscreen.
 * Only features Chromium knows: an unknown one (ambient-light-sensor, battery, bluetooth, web-share)
 * costs an error in the console of every page and protects nothing.
 */
const PERMISSIONS_POLICY = {
  accelerometer: [],
  autoplay: ['self', YOUTUBE_FRAME],
  camera: [],
  displayCapture: [],
  encryptedMedia: ['self', YOUTUBE_FRAME],
  fullscreen: ['self', YOUTUBE_FRAME],
  geolocation: [],
  gyroscope: [],
  hid: [],
  idleDetection: [],
  magnetometer: [],
  microphone: [],
  midi: [],
  payment: [],
  pictureInPicture: ['self', YOUTUBE_FRAME],
  publickeyCredentialsGet: [],
  // The reader's "Giữ màn hình sáng" (app/components/reader/use-wake-lock.ts), for our own pages only.
  screenWakeLock: ['self'],
  serial: [],
  usb: [],
  xrSpatialTracking: [],
} satisfies NonNullable<Parameters<typeof secureHeaders>[0]>['permissionsPolicy'];

/** One year, the value HSTS preload lists ask for. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

type AppEnv = { Variables: { requestId: string; secureHeadersNonce?: string; pageRender?: PageRender } };

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** One line per request: id, method, path, status, time. */
function requestLog(logger: Logger) {
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    logger.info(
      { reqId: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms },
      'request',
    );
  };
}

/** The whole HTTP surface of Pháp Bảo: /api/v1, /media, built assets, and every page. */
export function createApp(options: AppOptions) {
  installVietnameseZodMessages();
  const { services, env, logger } = options;
  const { media } = options;
  const app = new Hono<AppEnv>();
  // First: the balancer's probes skip the request log, compression, the page cache and the headers.
  mountHealthProbes(app, services.health);
  if (options.metrics && env.METRICS_TOKEN) {
    mountMetricsEndpoint(app, options.metrics, env.METRICS_TOKEN);
    app.use(options.metrics.middleware());
  }

  // Anonymous reads on the streaming replica, when there is one (docs/decisions/0029).
  if (env.DATABASE_REPLICA_URL) app.use(replicaReads());

  const formOrigin = env.TRANSLATOR_FORM_URL ? new URL(env.TRANSLATOR_FORM_URL).origin : null;
  // Behind a proxy terminating TLS the socket sees http://127.0.0.1:…: every handler (React
  // Router's Origin check of page forms above all) sees the URL the browser asked for instead.
  app.use(async (c, next) => {
    const url = browserUrlOf(c.req.raw.url, c.req.raw.headers, {
      publicUrl: env.PUBLIC_URL,
      trustProxy: env.TRUST_PROXY,
    });
    if (url !== c.req.raw.url) c.req.raw = withUrl(c.req.raw, url);
    await next();
  });
  app.use(requestId({ generator: () => crypto.randomUUID() }));
  app.use(closeIfBodyUnread()); // a 413 (or any answer) before the body was read ends the connection
  app.use(requestLog(logger));
  // Brotli / gzip for every text answer; media (Range, compressed formats) as they are. Decision 0015.
  app.use(compression({ skip: (path) => path.startsWith('/media/') }));
  const securityHeaders = secureHeaders({
    contentSecurityPolicy: options.dev
      ? undefined
      : {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", NONCE],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          frameSrc: ['https://www.youtube-nocookie.com'],
          frameAncestors: ["'self'"],
          formAction: formOrigin ? ["'self'", formOrigin] : ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
        },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'SAMEORIGIN',
    crossOriginEmbedderPolicy: false,
    // Media and images may be shown by other sites' players (podcast apps).
    crossOriginResourcePolicy: false,
    permissionsPolicy: PERMISSIONS_POLICY,
    // HTTPS only when the site is published over https: a browser that saw it keeps to https for a
    // year. This host alone (no includeSubDomains): the monastery's other sites are not ours to bind.
    strictTransportSecurity: env.PUBLIC_URL?.startsWith('https:') ? `max-age=${HSTS_MAX_AGE_SECONDS}` : false,
    // Pages opened from ours (share sheets, other sites) get no handle on this window, nor we on theirs.
    crossOriginOpenerPolicy: 'same-origin',
  });
  // Anonymous pages from memory (server/page-cache/page-cache.ts): outside the security headers,
  // which it runs itself around a stored page so each answer gets a fresh nonce.
  if (options.pageHandler && !options.dev) {
    app.use(
      createPageCache({ readGeneration: () => services.site.contentGeneration(), logger, securityHeaders }).middleware,
    );
  }
  // Hashed scripts, styles and fonts are not documents: the policy headers (about 1.5 KB) would go
  // out with each of a page's twenty-odd assets and do nothing there. nosniff is what they need.
  app.use(async (c, next) => {
    if (!c.req.path.startsWith('/assets/')) return securityHeaders(c, next);
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });

  // A control character in an address reaches no route: PostgreSQL refuses a NUL in any text.
  app.use('*', async (c, next) => {
    if (addressHasControlCharacters(c.req.url)) throw new AppError('BAD_REQUEST', CONTROL_CHARACTERS_IN_ADDRESS);
    await next();
  });
  // Page forms post with the session cookie: another site's posts are refused (SECURITY.md, CSRF).
  app.use('*', refuseCrossSitePosts());

  app.onError((error, c) => {
    const reqId = c.get('requestId');
    let appError: AppError;
    if (isAppError(error)) {
      appError = error;
    } else if (error instanceof HTTPException && error.status === 400) {
      // Hono's JSON validator: a body that does not parse.
      appError = new AppError('MALFORMED_JSON');
    } else if (error instanceof HTTPException && error.status === 413) {
      appError = new AppError('PAYLOAD_TOO_LARGE');
    } else if (error instanceof HTTPException && error.status === 415) {
      // A documented body sent under another media type (@hono/zod-openapi's media-type gate).
      appError = new AppError('UNSUPPORTED_MEDIA_TYPE');
    } else {
      logger.error({ reqId, err: error, path: c.req.path }, 'unhandled error');
      appError = new AppError('INTERNAL');
    }
    // A 503 is an outage its thrower logs once (shared-counters.ts), not once per request.
    if (appError.status >= 500 && appError.status !== 503) logger.error({ reqId, err: error }, 'server error');
    const retryAfter = RETRY_AFTER_SECONDS[appError.code];
    if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
    if (isApiPath(c.req.path)) return c.json(appError.toBody(), appError.status as 400);
    return c.text(appError.message, appError.status as 400);
  });

  // Body limits: each route declares its own beside its definition (server/http/body-limits.ts).
  const api = createApi(services, env);
  const bodyLimits = createBodyLimitTable([
    ...apiBodyLimitRules(api, '/api/v1'),
    ...(options.pageBodyLimitRules ?? []),
  ]);
  const limits: Record<Exclude<BodyLimitKind, 'streamed'>, MiddlewareHandler> = {
    json: bodyLimit({
      maxSize: MAX_JSON_BODY_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE');
      },
    }),
    form: bodyLimit({
      maxSize: AVATAR_MAX_BYTES + 64 * 1024,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', 'Ảnh tải lên tối đa 5 MB.');
      },
    }),
    import: bodyLimit({
      maxSize: env.UPLOAD_MAX_MB * 1024 * 1024,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', `Tệp tải lên quá lớn (tối đa ${env.UPLOAD_MAX_MB} MB mỗi lần).`);
      },
    }),
  };
  app.use('*', (c, next) => {
    const api = isApiPath(c.req.path);
    if (!api && c.req.method === 'GET') return next();
    const kind = bodyLimits.kindOf(c.req.method, c.req.path) ?? (api ? 'json' : 'form');
    return kind === 'streamed' ? next() : limits[kind](c, next);
  });
  app.route('/api/v1', api);
  app.all('/api/*', () => {
    throw new AppError('API_ROUTE_NOT_FOUND');
  });

  // Feeds, the sitemap and robots.txt: made here, with absolute links on the configured origin.
  app.route('/', createFeedRoutes(services));

  app.on(['GET', 'HEAD'], '/media/*', (c) => {
    let name: string;
    try {
      name = decodeURIComponent(c.req.path.slice('/media/'.length));
    } catch {
      return c.notFound(); // malformed percent-encoding names no file
    }
    return serveMedia(c, media, name);
  });

  if (options.clientDir) {
    const root = options.clientDir;
    // The .br / .gz the build wrote beside each asset (scripts/precompress.mjs), else the file itself.
    app.use('/assets/*', precompressedAssets(root, { cacheControl: 'public, max-age=31536000, immutable' }));
    app.use(
      '/assets/*',
      serveStatic({
        root,
        onFound: (_path, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    // A hashed asset that is not there (an old tab after a deploy) is a plain 404, not a page.
    app.all('/assets/*', (c) => c.text('Not Found', 404));
    app.use(
      '*',
      serveStatic({
        root,
        onFound: (_path, c) => {
          // The service worker is checked on every visit, so a deploy reaches readers at once (decision 0025).
          c.header('Cache-Control', c.req.path === '/sw.js' ? 'no-cache' : 'public, max-age=3600');
        },
      }),
    );
  }

  const pageHandler = options.pageHandler;
  if (pageHandler) {
    app.all('*', (c) =>
      pageHandler(c.req.raw, {
        services,
        logger,
        requestId: c.get('requestId'),
        cspNonce: c.get('secureHeadersNonce'),
        clientIp: requestMetaOf(c, env).ip,
        render: c.get('pageRender') ?? { degraded: false },
      }),
    );
  }
  return Object.assign(app, { bodyLimits });
}

export type App = ReturnType<typeof createApp>;
