import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ServerBuild } from 'react-router';
import { BODY_LIMIT_KINDS, type BodyLimitKind } from '#common/body-limits.ts';

export type { BodyLimitKind };

/**
 * How big a request body may be, declared by each route beside its definition:
 * - API routes: `'x-body-limit': 'form'` in their `createRoute({...})` (it shows in the OpenAPI document);
 * - pages and resource routes: `export const handle = { bodyLimit: 'streamed' }` in the route module.
 * A route that says nothing gets `json` (API) or `form` (page forms).
 */
/** The OpenAPI extension field an API route sets. */
export const BODY_LIMIT_FIELD = 'x-body-limit';

export interface BodyLimitRule {
  method: string;
  pattern: RegExp;
  kind: BodyLimitKind;
}

const isKind = (value: unknown): value is BodyLimitKind => BODY_LIMIT_KINDS.includes(value as BodyLimitKind);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/admin/talk/{id}/transcript` (OpenAPI) or `quan-tri/:id` (React Router) as a whole-path pattern. */
function patternOf(path: string, param: RegExp): RegExp {
  const parts = path.split(param).map(escape);
  return new RegExp(`^${parts.join('[^/]+')}$`);
}

/** The rules the API routes declare (`'x-body-limit'`), under `base` (e.g. `/api/v1`). */
export function apiBodyLimitRules(api: Pick<OpenAPIHono, 'openAPIRegistry'>, base: string): BodyLimitRule[] {
  const rules: BodyLimitRule[] = [];
  for (const definition of api.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const kind = (definition.route as Record<string, unknown>)[BODY_LIMIT_FIELD];
    if (kind === undefined) continue;
    if (!isKind(kind)) throw new Error(`${definition.route.path}: unknown ${BODY_LIMIT_FIELD} ${String(kind)}`);
    rules.push({
      method: definition.route.method.toUpperCase(),
      pattern: patternOf(`${base}${definition.route.path}`, /\{[^}]+\}/),
      kind,
    });
  }
  return rules;
}

/** The rules page and resource routes declare in their `handle` (their actions: every method but GET). */
export function pageBodyLimitRules(routes: ServerBuild['routes']): BodyLimitRule[] {
  const fullPath = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return '';
    const parent = fullPath(route.parentId);
    return route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
  };
  const rules: BodyLimitRule[] = [];
  for (const [id, route] of Object.entries(routes)) {
    const kind = (route?.module.handle as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    if (kind === undefined) continue;
    if (!isKind(kind)) throw new Error(`${id}: unknown handle.bodyLimit ${String(kind)}`);
    rules.push({ method: '*', pattern: patternOf(fullPath(id) || '/', /:[^/]+/), kind });
  }
  return rules;
}

export interface BodyLimitTable {
  /** What the route of this request declared, if anything. */
  kindOf(method: string, path: string): BodyLimitKind | undefined;
  /** Bodies that may take long to arrive (imports and streamed uploads): no request timeout cuts them. */
  isUploadPath(path: string): boolean;
}

export function createBodyLimitTable(rules: readonly BodyLimitRule[]): BodyLimitTable {
  const find = (method: string, path: string) =>
    rules.find((r) => (r.method === '*' || r.method === method) && r.pattern.test(path));
  return {
    kindOf: (method, path) => find(method, path)?.kind,
    isUploadPath: (path) => rules.some((r) => (r.kind === 'import' || r.kind === 'streamed') && r.pattern.test(path)),
  };
}
