import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_SETTING_NAMES, loadEnv } from '#server/env.ts';

/**
 * The files an operator deploys with, as far as they can be checked without a Docker daemon (which
 * `npm test` does not need; scripts/docker-check.mjs builds and starts them): compose.yaml parses
 * and names only real settings, its nginx configuration is the one the many-processes test runs,
 * the Dockerfile runs the commands CI and the tests run on the official images unless told
 * otherwise, and .env.example lists every setting.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
/** `npm start` reads WORKERS (scripts/start.mjs); the server reads the rest. */
const SETTINGS = new Set([...ENV_SETTING_NAMES, 'WORKERS']);

interface ComposeService {
  image?: string;
  build?: { context: string; args: Record<string, string> };
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: unknown;
}

/** The `location / { … }` block, its lines trimmed. */
function locationBlock(conf: string): string[] {
  const block = /location \/ \{\n([\s\S]*?)\n\s*\}/.exec(conf)?.[1];
  if (!block) throw new Error('no location / block');
  return block.split('\n').map((line) => line.trim());
}

describe('deployment files', () => {
  it('compose.yaml parses and runs PostgreSQL 15, the app built here and nginx, with settings the app knows', () => {
    const compose = parse(read('compose.yaml')) as { services: Record<string, ComposeService> };
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'nginx', 'postgres']);
    // The images are variables whose defaults are the official ones (stand-ins only where Docker Hub is out of reach).
    expect(compose.services.postgres!.image).toMatch(/^\$\{POSTGRES_IMAGE:-postgres:15-bookworm\}$/);
    expect(compose.services.nginx!.image).toMatch(/^\$\{NGINX_IMAGE:-nginx:stable-bookworm\}$/);
    expect(compose.services.app!.build).toEqual({
      context: '.',
      args: {
        NODE_IMAGE: '${NODE_IMAGE:-node:20-bookworm}',
        NODE_RUNTIME_IMAGE: '${NODE_RUNTIME_IMAGE:-node:20-bookworm-slim}',
      },
    });
    const appEnv = compose.services.app!.environment!;
    for (const name of Object.keys(appEnv)) expect(SETTINGS, name).toContain(name);
    expect(appEnv.DATABASE_URL).toMatch(/^postgres:\/\/phapbao:\$\{POSTGRES_PASSWORD\}@postgres:5432\/phapbao$/);
    // The values, with the compose variables given, pass the server's own checks.
    const resolved = Object.fromEntries(
      Object.entries(appEnv).map(([k, v]) => [
        k,
        String(v)
          .replace(/\$\{POSTGRES_PASSWORD\}/, 'mat-khau')
          .replace(/\$\{(\w+):-([^}]*)\}/g, (_, _name: string, fallback: string) => fallback),
      ]),
    );
    expect(() => loadEnv(resolved)).not.toThrow();
    const mounted = compose.services.nginx!.volumes!.map((v) => v.split(':')[0]!);
    expect(mounted).toContain('./deploy/nginx.conf');
  });

  it('nginx in compose sends to the app as docs/deploy.md says, the block tests/e2e/many-processes.test.ts runs', () => {
    const doc = read('docs/deploy.md');
    const documented = /```nginx\n(upstream phapbao \{[\s\S]*?)```/.exec(doc)?.[1];
    expect(documented).toBeTruthy();
    const composed = read('deploy/nginx.conf');
    expect(locationBlock(composed)).toEqual(locationBlock(documented!));
    expect(composed).toMatch(/upstream phapbao \{\n\s+server app:3000 /);
    expect(composed).toContain('proxy_request_buffering off;');
  });

  it('the Dockerfile runs what CI and the tests run: npm ci, node scripts/build.mjs, node scripts/start.mjs', () => {
    const dockerfile = read('Dockerfile');
    const ci = read('.ci/run');
    const install = /^npm ci .*$/m.exec(ci)?.[0];
    expect(install).toBeTruthy();
    expect(dockerfile).toContain(`RUN ${install}`);
    expect(dockerfile).toContain('RUN node scripts/build.mjs');
    expect(dockerfile).toMatch(/^CMD \["node", "scripts\/start\.mjs"\]$/m);
    expect(dockerfile).toContain('/healthz');
    // The system packages the server itself uses: pg_dump for backups, the CJK font of cards and covers.
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends postgresql-client fonts-noto-cjk/);
    expect(dockerfile).toContain('ARG NODE_IMAGE=node:20-bookworm\n');
    expect(dockerfile).toContain('ARG NODE_RUNTIME_IMAGE=node:20-bookworm-slim\n');
    for (const script of ['scripts/build.mjs', 'scripts/start.mjs'])
      expect(fs.existsSync(path.join(root, script))).toBe(true);
    // The image holds no local secrets nor a stale build.
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.env', 'node_modules', 'build', 'data/*']) expect(ignored).toContain(entry);
    // …but keeps every folder of data/ the repository keeps (the demo, the Unihan readings the
    // look-up reads, the dictionaries to import).
    const kept = [...read('.gitignore').matchAll(/^!(data\/[\w-]+)\/?$/gm)].map((m) => m[1]!);
    expect(kept).toContain('data/unihan');
    for (const folder of kept) expect(ignored).toContain(`!${folder}`);
  });

  it('.env.example lists every setting', () => {
    const example = read('.env.example');
    const listed = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
    for (const name of SETTINGS) expect(listed, name).toContain(name);
    for (const name of listed) expect(SETTINGS, name).toContain(name);
  });
});
