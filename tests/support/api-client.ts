import type { TestApp } from './test-app.ts';

/** Who makes a call: a session token, anyone the factories made (`{ token }`), or nobody. */
export type Caller = string | { token: string } | null | undefined;

export interface CallOptions {
  as?: Caller;
  headers?: Record<string, string>;
}

/**
 * One way for API tests to call `/api/v1` in-process: `api.get(path, { as })`,
 * `api.post(path, body, { as })`. Paths are written after `/api/v1`. A body is sent as JSON, or as
 * it is when it is `FormData`. The answer is the `Response` itself, so a test reads the status,
 * headers and `{ data }` or `{ errorMessage }` the way a client would. Pass `() => t` when the
 * app is made in `beforeAll`.
 */
export function apiClient(app: Pick<TestApp, 'app'> | (() => Pick<TestApp, 'app'>)) {
  function request(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Response> {
    const token = typeof options.as === 'string' ? options.as : options.as?.token;
    const json = body !== undefined && !(body instanceof FormData);
    const t = typeof app === 'function' ? app() : app;
    return Promise.resolve(
      t.app.request(`/api/v1${path}`, {
        method,
        headers: {
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...(token ? { 'x-token': token } : {}),
          ...options.headers,
        },
        ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : (body as FormData) }),
      }),
    );
  }
  return {
    request,
    get: (path: string, options?: CallOptions) => request('GET', path, undefined, options),
    post: (path: string, body?: unknown, options?: CallOptions) => request('POST', path, body, options),
    put: (path: string, body?: unknown, options?: CallOptions) => request('PUT', path, body, options),
    patch: (path: string, body?: unknown, options?: CallOptions) => request('PATCH', path, body, options),
    delete: (path: string, options?: CallOptions & { body?: unknown }) =>
      request('DELETE', path, options?.body, options),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
