import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  ZChangePasswordRequestSchema,
  ZChangeRoleRequestSchema,
  ZDeleteAccountRequestSchema,
  ZForgotPasswordRequestSchema,
  ZLoginRequestSchema,
  ZMeResponseSchema,
  ZRegisterRequestSchema,
  ZResetPasswordRequestSchema,
  ZSessionResponseSchema,
  ZUpdateProfileRequestSchema,
} from '#common/contracts/auth.schema.ts';
import { LOGIN_BINDING_COOKIE } from '#common/constants.ts';
import type { LoginErrorCode } from '#common/messages.ts';
import type { Env } from '#server/env.ts';
import { AppError, isAppError } from '#server/errors.ts';
import type { Services } from '#server/services/index.ts';
import { type ApiEnv, requestMetaOf, requireUser, tokenOf } from '../context.ts';
import { requireAdminUser } from '../admin/admin-guard.ts';
import { validationHook } from '../validation.ts';
import { countersUnavailable, errorResponse, json, tokenSecurity } from '../openapi.ts';
import { BODY_LIMIT_FIELD } from '#server/http/body-limits.ts';

const errors = {
  400: errorResponse('Bad input'),
  401: errorResponse('No, bad, expired or revoked token'),
};
const ZOkSchema = z.object({ data: z.object({ ok: z.literal(true) }) });
const PENDING_COOKIE = 'pb_oidc';

const registerRoute = createRoute({
  method: 'post',
  path: '/public/user/register',
  tags: ['Tài khoản'],
  summary: 'Sign up; returns a session',
  request: { body: { required: true, content: { 'application/json': { schema: ZRegisterRequestSchema } } } },
  responses: {
    201: json(ZSessionResponseSchema, 'Account created, logged in'),
    400: errors[400],
    409: errorResponse('Username or e-mail taken'),
    429: errorResponse('Too many attempts'),
    503: countersUnavailable,
  },
});

const loginRoute = createRoute({
  method: 'post',
  path: '/public/user/login',
  tags: ['Tài khoản'],
  summary: 'Log in with username (or e-mail) and password',
  request: { body: { required: true, content: { 'application/json': { schema: ZLoginRequestSchema } } } },
  responses: {
    200: json(ZSessionResponseSchema, 'Logged in'),
    ...errors,
    429: errorResponse('Too many attempts'),
    503: countersUnavailable,
  },
});

const forgotPasswordRoute = createRoute({
  method: 'post',
  path: '/public/user/forgot_password',
  tags: ['Tài khoản'],
  summary: 'Mail a one-time link to set a new password (valid 30 minutes)',
  description:
    'The answer is the same whether or not the e-mail belongs to an account. At most 3 requests an hour ' +
    'per e-mail and 10 per address (429). 404 when the site has no SMTP settings.',
  request: { body: { required: true, content: { 'application/json': { schema: ZForgotPasswordRequestSchema } } } },
  responses: {
    200: json(ZOkSchema, 'Accepted (a mail is sent if the address belongs to an account)'),
    400: errors[400],
    404: errorResponse('No mail is sent from this site (SMTP not configured)'),
    429: errorResponse('Too many requests for this e-mail or from this address'),
    503: countersUnavailable,
  },
});

const resetPasswordRoute = createRoute({
  method: 'post',
  path: '/public/user/reset_password',
  tags: ['Tài khoản'],
  summary: 'Set a new password with the token of a reset link; every session ends; returns a new one',
  description:
    'The token works once, within 30 minutes of the request. Every other session and known device of the account is forgotten.',
  request: { body: { required: true, content: { 'application/json': { schema: ZResetPasswordRequestSchema } } } },
  responses: {
    200: json(ZSessionResponseSchema, 'Password set, logged in'),
    400: errorResponse('Bad input, or a link that is unknown, used or expired'),
  },
});

const meRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: ['Tài khoản'],
  summary: 'The user of the x-token header',
  security: tokenSecurity,
  responses: { 200: json(ZMeResponseSchema, 'The user'), 401: errors[401] },
});

const updateMeRoute = createRoute({
  method: 'put',
  path: '/me',
  tags: ['Tài khoản'],
  summary: 'Change the display name',
  security: tokenSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: ZUpdateProfileRequestSchema } } } },
  responses: { 200: json(ZMeResponseSchema, 'The updated user'), ...errors },
});

const passwordRoute = createRoute({
  method: 'post',
  path: '/me/password',
  tags: ['Tài khoản'],
  summary: 'Change the password (other sessions are logged out)',
  security: tokenSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: ZChangePasswordRequestSchema } } } },
  responses: { 200: json(ZOkSchema, 'Changed'), ...errors },
});

const avatarRoute = createRoute({
  method: 'post',
  path: '/me/avatar',
  [BODY_LIMIT_FIELD]: 'form', // one image up to 5 MB
  tags: ['Tài khoản'],
  summary: 'Upload an avatar (any common image up to 5 MB; cut to 50×50)',
  security: tokenSecurity,
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({ avatar: z.any().openapi({ type: 'string', format: 'binary' }) }),
        },
      },
    },
  },
  responses: {
    200: json(ZMeResponseSchema, 'The updated user'),
    ...errors,
    413: errorResponse('Over 5 MB'),
    415: errorResponse('Not an image'),
  },
});

const deleteMeRoute = createRoute({
  method: 'delete',
  path: '/me',
  tags: ['Tài khoản'],
  summary: 'Delete the account and its private data',
  description:
    'Needs `password`, the current password. An account without one (social login only) sends none, ' +
    'but its session must come from a login of the last ten minutes, otherwise 403.',
  security: tokenSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: ZDeleteAccountRequestSchema } } } },
  responses: {
    200: json(ZOkSchema, 'Deleted'),
    ...errors,
    403: errorResponse('No password, and no login in the last ten minutes'),
  },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/user/logout',
  tags: ['Tài khoản'],
  summary: 'Revoke the token of the x-token header',
  security: tokenSecurity,
  responses: { 200: json(ZOkSchema, 'Logged out'), 401: errors[401] },
});

const logoutAllRoute = createRoute({
  method: 'post',
  path: '/user/logout_all',
  tags: ['Tài khoản'],
  summary: 'Revoke every session of the user',
  security: tokenSecurity,
  responses: { 200: json(ZOkSchema, 'Logged out everywhere'), 401: errors[401] },
});

const roleRoute = createRoute({
  method: 'put',
  path: '/admin/users/{id}/role',
  tags: ['Quản trị'],
  summary: 'Change a user’s role (admins only)',
  security: tokenSecurity,
  request: {
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: { required: true, content: { 'application/json': { schema: ZChangeRoleRequestSchema } } },
  },
  responses: {
    200: json(ZMeResponseSchema, 'The updated user'),
    ...errors,
    403: errorResponse('Not an admin'),
    404: errorResponse('No such user'),
  },
});

const providerParams = z.object({ provider: z.string().regex(/^[a-z0-9-]{2,30}$/) });
const socialStartRoute = createRoute({
  method: 'get',
  path: '/auth/{provider}/start',
  tags: ['Tài khoản'],
  summary: 'Start a social login (OpenID Connect, code + PKCE): redirects to the provider',
  request: { params: providerParams, query: z.object({ redirectTo: z.string().max(500).optional() }) },
  responses: { 302: { description: 'To the provider' }, 404: errorResponse('Unknown provider') },
});
const socialCallbackRoute = createRoute({
  method: 'get',
  path: '/auth/{provider}/callback',
  tags: ['Tài khoản'],
  summary: 'The provider returns here; redirects to /login with a one-time code',
  request: { params: providerParams },
  responses: {
    302: { description: 'To /login?code=…, or to /login?error=social_failed|expired|provider_unreachable' },
  },
});

function loginErrorCodeOf(error: unknown): LoginErrorCode {
  if (!isAppError(error)) return 'social_failed';
  if (error.code === 'BAD_GATEWAY') return 'provider_unreachable';
  if (error.code === 'BAD_REQUEST') return 'expired';
  return 'social_failed';
}

export function createAuthRoutes(services: Services, env: Env) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  const meta = (c: Parameters<typeof requestMetaOf>[0]) => requestMetaOf(c, env);
  const auth = requireUser(services);

  for (const path of ['/me', '/me/*', '/user/*', '/admin/*']) app.use(path, auth);
  // The role before the input: a reader is told 403 whatever they send.
  app.use('/admin/users/*', requireAdminUser(services));

  return app
    .openapi(registerRoute, async (c) =>
      c.json({ data: await services.auth.register(c.req.valid('json'), meta(c)) }, 201),
    )
    .openapi(loginRoute, async (c) => c.json({ data: await services.auth.login(c.req.valid('json'), meta(c)) }, 200))
    .openapi(forgotPasswordRoute, async (c) => {
      await services.accountRecovery.requestReset(c.req.valid('json').email, meta(c), c.req.url);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(resetPasswordRoute, async (c) => {
      const { token, password } = c.req.valid('json');
      return c.json({ data: await services.accountRecovery.resetPassword(token, password, meta(c)) }, 200);
    })
    .openapi(meRoute, (c) => c.json({ data: c.get('user') }, 200))
    .openapi(updateMeRoute, async (c) =>
      c.json({ data: await services.auth.updateDisplayName(c.get('user').id, c.req.valid('json').displayName) }, 200),
    )
    .openapi(passwordRoute, async (c) => {
      const body = c.req.valid('json');
      const user = c.get('user');
      await services.auth.changePassword(user.id, body.currentPassword, body.password);
      // Other devices must log in again with the new password; this one stays.
      await services.auth.logoutEverywhere(user.id, tokenOf(c));
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(avatarRoute, async (c) => {
      const form = await c.req.parseBody().catch(() => {
        throw new AppError('BAD_REQUEST', 'Hãy gửi ảnh dưới dạng multipart/form-data.');
      });
      const file = form['avatar'];
      if (!(file instanceof File)) throw new AppError('VALIDATION_FAILED', undefined, { avatar: 'Hãy chọn một ảnh.' });
      const user = await services.avatars.setAvatar(c.get('user'), new Uint8Array(await file.arrayBuffer()));
      return c.json({ data: user }, 200);
    })
    .openapi(deleteMeRoute, async (c) => {
      const { password } = c.req.valid('json');
      await services.auth.deleteAccount(c.get('user').id, { password, token: tokenOf(c) });
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(logoutRoute, async (c) => {
      await services.auth.logout(tokenOf(c)!);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(logoutAllRoute, async (c) => {
      await services.auth.logoutEverywhere(c.get('user').id);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(roleRoute, async (c) => {
      const { id } = c.req.valid('param');
      return c.json({ data: await services.auth.changeRole(c.get('user'), id, c.req.valid('json').role) }, 200);
    })
    .openapi(socialStartRoute, async (c) => {
      const { provider } = c.req.valid('param');
      const origin = services.site.originFor(c.req.url);
      const callback = `${origin}/api/v1/auth/${provider}/callback`;
      const { url, pending, binding } = await services.socialLogin.start(
        provider,
        callback,
        c.req.valid('query').redirectTo ?? '/',
      );
      setCookie(c, PENDING_COOKIE, services.socialLogin.serializePending(pending), {
        httpOnly: true,
        sameSite: 'Lax',
        secure: origin.startsWith('https:'),
        path: '/api/v1/auth',
        maxAge: 600,
      });
      // Read back by the /login page when it exchanges the code: a code opened in another browser fails.
      setCookie(c, LOGIN_BINDING_COOKIE, binding, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: origin.startsWith('https:'),
        path: '/login',
        maxAge: 600,
      });
      return c.redirect(url, 302);
    })
    .openapi(socialCallbackRoute, async (c) => {
      const { provider } = c.req.valid('param');
      const pending = services.socialLogin.parsePending(getCookie(c, PENDING_COOKIE));
      deleteCookie(c, PENDING_COOKIE, { path: '/api/v1/auth' });
      const origin = services.site.originFor(c.req.url);
      const current = new URL(c.req.url);
      const callbackUrl = new URL(`${origin}/api/v1/auth/${provider}/callback${current.search}`);
      try {
        const { code, redirectTo } = await services.socialLogin.finish(provider, callbackUrl, pending);
        const params = new URLSearchParams({ code, redirectTo });
        return c.redirect(`/login?${params.toString()}`, 302);
      } catch (error) {
        // The reader lands on the login page with a reason code; the page shows its own fixed text.
        return c.redirect(`/login?${new URLSearchParams({ error: loginErrorCodeOf(error) }).toString()}`, 302);
      }
    });
}
