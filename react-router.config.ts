import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Pages are content: render them on the server for first paint, previews and search engines.
  ssr: true,
} satisfies Config;
