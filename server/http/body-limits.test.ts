import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { apiBodyLimitRules, createBodyLimitTable, pageBodyLimitRules } from './body-limits.ts';

describe('body limits declared by the routes', () => {
  it('reads the API routes’ x-body-limit, with their path parameters and methods', async () => {
    const { app, close } = await createTestApp('sqlite', { demo: false });
    try {
      const table = app.bodyLimits;
      expect(table.kindOf('POST', '/api/v1/admin/talks')).toBe('streamed');
      expect(table.kindOf('PUT', '/api/v1/admin/talk/12/transcript')).toBe('streamed');
      expect(table.kindOf('PUT', '/api/v1/admin/video/7/poster')).toBe('streamed');
      expect(table.kindOf('POST', '/api/v1/admin/import')).toBe('import');
      expect(table.kindOf('POST', '/api/v1/me/avatar')).toBe('form');
      expect(table.kindOf('POST', '/api/v1/admin/book/3/cover')).toBe('form');
      // Another method on the same path, a deeper path, or a route that says nothing: no rule.
      expect(table.kindOf('GET', '/api/v1/admin/talks')).toBeUndefined();
      expect(table.kindOf('PUT', '/api/v1/admin/talk/12/transcript/x')).toBeUndefined();
      expect(table.kindOf('POST', '/api/v1/notes')).toBeUndefined();
      expect(table.isUploadPath('/api/v1/admin/import')).toBe(true);
      expect(table.isUploadPath('/api/v1/admin/talks')).toBe(true);
      expect(table.isUploadPath('/api/v1/me/avatar')).toBe(false);
    } finally {
      await close();
    }
  });

  it('reads the pages’ handle.bodyLimit under their parents’ paths', () => {
    const route = (id: string, path: string | undefined, parentId: string | undefined, handle?: unknown) => ({
      id,
      path,
      parentId,
      module: { handle },
    });
    const routes = {
      root: route('root', '', undefined),
      admin: route('admin', undefined, 'root'),
      upload: route('upload', 'quan-tri/phap-am/tai-len', 'root', { bodyLimit: 'streamed' }),
      importer: route('importer', 'quan-tri/nhap', 'admin', { bodyLimit: 'import' }),
      talk: route('talk', 'quan-tri/phap-am/:id', 'admin', { headerVariant: 'letter' }),
    } as unknown as ServerBuild['routes'];
    const table = createBodyLimitTable(pageBodyLimitRules(routes));
    expect(table.kindOf('POST', '/quan-tri/phap-am/tai-len')).toBe('streamed');
    expect(table.kindOf('POST', '/quan-tri/nhap')).toBe('import');
    expect(table.kindOf('POST', '/quan-tri/phap-am/4')).toBeUndefined();
    expect(table.isUploadPath('/quan-tri/nhap')).toBe(true);
    expect(table.isUploadPath('/quan-tri/phap-am/tai-len.data')).toBe(false);
  });

  it('refuses a kind it does not know, naming the route', () => {
    const api = {
      openAPIRegistry: {
        definitions: [{ type: 'route', route: { method: 'post', path: '/x', 'x-body-limit': 'huge' } }],
      },
    } as unknown as Parameters<typeof apiBodyLimitRules>[0];
    expect(() => apiBodyLimitRules(api, '/api/v1')).toThrow('/x: unknown x-body-limit huge');
  });
});
