import { Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { ZLoginRequestSchema } from '#common/contracts/auth.schema.ts';
import { safeRedirectPath } from '#common/safe-redirect.ts';
import { SocialLoginButtons } from '#app/components/forms/social-login-buttons.tsx';
import { TextField } from '#app/components/forms/text-field.tsx';
import { type FormFailure, formFailureOf, parseForm } from '#app/lib/form-errors.server.ts';
import { getCurrentUser, requestMetaOf, sessionCookie } from '#app/lib/session.server.ts';
import { useEagerValidation } from '#app/lib/use-eager-validation.ts';
import type { Route } from './+types/login';

export function meta() {
  return [{ title: `Đăng nhập — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

/**
 * The login page, and the end of a social login: the provider's callback sends the reader here
 * with a one-time code, which becomes the session cookie before going on (to the home page).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'));
  const code = url.searchParams.get('code');
  if (code) {
    try {
      const session = await context.services.auth.exchangeLoginCode(code, requestMetaOf(request, context));
      return redirect(redirectTo, { headers: { 'Set-Cookie': sessionCookie(session.token, request) } });
    } catch (error) {
      const failure = formFailureOf(error);
      return { providers: context.services.socialLogin.listProviders(), error: failure.data.message };
    }
  }
  if (await getCurrentUser(request, context)) return redirect(redirectTo);
  return { providers: context.services.socialLogin.listProviders(), error: url.searchParams.get('error') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(ZLoginRequestSchema, form);
  if (!parsed.ok) return parsed.failure;
  try {
    const session = await context.services.auth.login(parsed.value, requestMetaOf(request, context));
    return redirect(safeRedirectPath(form.get('redirectTo')), {
      headers: { 'Set-Cookie': sessionCookie(session.token, request) },
    });
  } catch (error) {
    return formFailureOf(error);
  }
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get('redirectTo'));
  const failure = actionData as FormFailure | undefined;
  const form = useEagerValidation(ZLoginRequestSchema, failure?.fields);
  const busy = useNavigation().state === 'submitting';
  const message = failure?.message ?? loaderData.error;
  return (
    <section className="auth-page" aria-labelledby="login-title">
      <div className="auth-card">
        <h1 id="login-title">Đăng nhập</h1>
        <p className="auth-lead">Để giữ đánh dấu, ghi chú, danh sách phát và những cuốn sách bạn yêu thích.</p>
        {message ? (
          <p className="form-message" role="alert">
            {message}
          </p>
        ) : null}
        <Form method="post" noValidate onSubmit={form.onSubmit} className="auth-form">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            label="Tài khoản hoặc email"
            autoComplete="username"
            autoCapitalize="none"
            error={form.errorOf('username')}
            {...form.fieldProps('username')}
          />
          <TextField
            label="Mật khẩu"
            type="password"
            autoComplete="current-password"
            error={form.errorOf('password')}
            {...form.fieldProps('password')}
          />
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? 'Đang đăng nhập…' : 'Đăng nhập'}
          </button>
        </Form>
        <SocialLoginButtons providers={loaderData.providers} redirectTo={redirectTo} verb="Đăng nhập với" />
        <p className="auth-switch">
          Chưa có tài khoản? <Link to={`/register?${new URLSearchParams({ redirectTo }).toString()}`}>Đăng ký</Link>
        </p>
      </div>
    </section>
  );
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}
