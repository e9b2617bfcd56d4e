import { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from '#server/env.ts';
import type { Services } from '#server/services/index.ts';
import { createAdminRoutes } from './admin/admin.routes.ts';
import { createBookAdminRoutes } from './admin/book-admin.routes.ts';
import { createSiteAdminRoutes } from './admin/site-admin.routes.ts';
import { createArticleAdminRoutes } from './admin/article-admin.routes.ts';
import { createCompilationAdminRoutes } from './admin/compilation-admin.routes.ts';
import { createTalkAdminRoutes } from './admin/talk-admin.routes.ts';
import { createVideoAdminRoutes } from './admin/video-admin.routes.ts';
import { createArticleRoutes } from './articles/articles.routes.ts';
import { createAudioRoutes } from './audio/audio.routes.ts';
import { createBookmarkRoutes } from './audio/bookmarks.routes.ts';
import { createPlaylistRoutes } from './audio/playlists.routes.ts';
import { createAuthRoutes } from './auth/auth.routes.ts';
import { createBookRoutes } from './books/books.routes.ts';
import { createCompilationRoutes } from './compilations/compilations.routes.ts';
import { createDictionaryRoutes } from './dictionary/dictionary.routes.ts';
import { createCorrectionRoutes } from './corrections/corrections.routes.ts';
import { createModerationRoutes } from './moderation/moderation.routes.ts';
import { createNoteGroupRoutes } from './notes/note-groups.routes.ts';
import { createNoteExportRoutes } from './notes/note-export.routes.ts';
import { createNoteRoutes } from './notes/notes.routes.ts';
import { createPlaybackRoutes } from './playback/playback.routes.ts';
import { createHomeRoutes } from './home/home.routes.ts';
import { createSearchRoutes } from './search/search.routes.ts';
import { createVideoRoutes } from './videos/videos.routes.ts';
import { validationHook } from './validation.ts';

/** Every /api/v1 route, and the OpenAPI document generated from their zod contracts. */
export function createApi(services: Services, env: Env) {
  const api = new OpenAPIHono({ defaultHook: validationHook });
  api.openAPIRegistry.registerComponent('securitySchemes', 'token', { type: 'apiKey', in: 'header', name: 'x-token' });
  api.route('/', createHomeRoutes(services));
  api.route('/', createBookRoutes(services));
  api.route('/', createAuthRoutes(services, env));
  api.route('/', createNoteExportRoutes(services));
  api.route('/', createNoteRoutes(services));
  api.route('/', createNoteGroupRoutes(services));
  api.route('/', createModerationRoutes(services));
  api.route('/', createCorrectionRoutes(services));
  api.route('/', createPlaybackRoutes(services));
  api.route('/', createSearchRoutes(services, env));
  api.route('/', createAudioRoutes(services));
  api.route('/', createBookmarkRoutes(services));
  api.route('/', createPlaylistRoutes(services));
  api.route('/', createVideoRoutes(services));
  api.route('/', createArticleRoutes(services));
  api.route('/', createCompilationRoutes(services));
  api.route('/', createDictionaryRoutes(services, env));
  api.route('/', createAdminRoutes(services));
  api.route('/', createBookAdminRoutes(services));
  api.route('/', createSiteAdminRoutes(services));
  api.route('/', createArticleAdminRoutes(services));
  api.route('/', createCompilationAdminRoutes(services));
  api.route('/', createTalkAdminRoutes(services));
  api.route('/', createVideoAdminRoutes(services));

  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Pháp Bảo API',
      version: '1.0.0',
      description:
        'Success: `{"data": …}`. Failure: `{"errorMessage", "errorCode", "fields"?}` with the HTTP status. Auth: header `x-token`.',
    },
    servers: [{ url: '/api/v1' }],
  });
  return api;
}
