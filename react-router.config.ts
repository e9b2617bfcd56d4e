import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Pages are content: render them on the server for first paint, previews and search engines.
  ssr: true,
  // Every route in one cached manifest file: no /__manifest request and no whole-page re-render
  // after each page load (docs/decisions/0034).
  routeDiscovery: { mode: 'initial' },
  // Opt in to React Router 8 behaviour now, so the move to v8 (Node 22) is a version bump.
  // v8_middleware is left off: it changes the loader `context` API (see docs/decisions/0002).
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_passThroughRequests: true,
  },
} satisfies Config;
