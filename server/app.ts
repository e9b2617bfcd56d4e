import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import type { AppLoadContext } from 'react-router';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { MAX_JSON_BODY_BYTES } from '#common/constants.ts';
import { installVietnameseZodMessages } from '#common/zod-vietnamese.ts';
import { requestMetaOf } from './api/context.ts';
import { createApi } from './api/index.ts';
import type { Env } from './env.ts';
import { AppError, isAppError } from './errors.ts';
import type { Logger } from './logger.ts';
import type { MediaStorage } from './media/media-storage.ts';
import { serveMedia } from './media/serve-media.ts';
import { isStreamedUploadPath } from './lib/streamed-upload-paths.ts';
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
}

type AppEnv = { Variables: { requestId: string; secureHeadersNonce?: string } };

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

  const formOrigin = env.TRANSLATOR_FORM_URL ? new URL(env.TRANSLATOR_FORM_URL).origin : null;
  app.use(requestId({ generator: () => crypto.randomUUID() }));
  app.use(requestLog(logger));
  app.use(
    secureHeaders({
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
    }),
  );

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
    } else {
      logger.error({ reqId, err: error, path: c.req.path }, 'unhandled error');
      appError = new AppError('INTERNAL');
    }
    if (appError.status >= 500) logger.error({ reqId, err: error }, 'server error');
    if (isApiPath(c.req.path)) return c.json(appError.toBody(), appError.status as 400);
    return c.text(appError.message, appError.status as 400);
  });

  // API: JSON bodies up to 1 MB (the avatar upload up to 5 MB); everything answers JSON.
  const jsonLimit = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  const uploadLimit = bodyLimit({
    maxSize: AVATAR_MAX_BYTES + 64 * 1024,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Ảnh tải lên tối đa 5 MB.');
    },
  });
  // The import form and call take whole files (books, talks) up to UPLOAD_MAX_MB.
  const importLimit = bodyLimit({
    maxSize: env.UPLOAD_MAX_MB * 1024 * 1024,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', `Tệp tải lên quá lớn (tối đa ${env.UPLOAD_MAX_MB} MB mỗi lần).`);
    },
  });
  const isImportPath = (path: string) => path === '/api/v1/admin/import' || path === '/quan-tri/nhap';
  // Images (an avatar, a book's or an article's cover) up to the 5 MB upload limit.
  const isImageUploadPath = (path: string) =>
    path === '/api/v1/me/avatar' || /^\/api\/v1\/admin\/(book|article)\/\d+\/cover$/.test(path);
  app.use('/api/*', (c, next) =>
    isStreamedUploadPath(c.req.path)
      ? next()
      : isImportPath(c.req.path)
        ? importLimit(c, next)
        : isImageUploadPath(c.req.path)
          ? uploadLimit(c, next)
          : jsonLimit(c, next),
  );
  // Page forms (the account page's avatar upload included) get the upload limit too.
  app.use('*', (c, next) =>
    isApiPath(c.req.path) || c.req.method === 'GET' || isStreamedUploadPath(c.req.path)
      ? next()
      : isImportPath(c.req.path)
        ? importLimit(c, next)
        : uploadLimit(c, next),
  );
  app.route('/api/v1', createApi(services, env));
  app.all('/api/*', () => {
    throw new AppError('API_ROUTE_NOT_FOUND');
  });

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
          c.header('Cache-Control', 'public, max-age=3600');
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
        clientIp: requestMetaOf(c, env.TRUST_PROXY).ip,
      }),
    );
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
