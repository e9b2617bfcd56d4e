import { Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { PASSWORD_HINT, USERNAME_HINT, ZRegisterRequestSchema } from '#common/contracts/auth.schema.ts';
import { safeRedirectPath } from '#common/safe-redirect.ts';
import { SocialLoginButtons } from '#app/components/forms/social-login-buttons.tsx';
import { PasswordField } from '#app/components/forms/password-field.tsx';
import { TextField } from '#app/components/forms/text-field.tsx';
import { type FormFailure, formFailureOf, parseForm } from '#app/lib/form-errors.server.ts';
import { getCurrentUser, requestMetaOf, sessionCookie } from '#app/lib/session.server.ts';
import { readDeviceToken, rememberLoginDevice } from '#app/lib/login-device.server.ts';
import { useEagerValidation } from '#app/lib/use-eager-validation.ts';
import type { Route } from './+types/register';

export function meta() {
  return [{ title: `Đăng ký — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
  if (await getCurrentUser(request, context)) return redirect(redirectTo);
  return { providers: context.services.socialLogin.listProviders() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(ZRegisterRequestSchema, form);
  if (!parsed.ok) return parsed.failure;
  try {
    const session = await context.services.auth.register(parsed.value, {
      ...requestMetaOf(request, context),
      deviceToken: readDeviceToken(request),
    });
    const headers = new Headers({ 'Set-Cookie': sessionCookie(session.token, request) });
    const deviceCookie = await rememberLoginDevice(request, context, session.user.id);
    if (deviceCookie) headers.append('Set-Cookie', deviceCookie);
    return redirect(safeRedirectPath(form.get('redirectTo')), { headers });
  } catch (error) {
    return formFailureOf(error);
  }
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get('redirectTo'));
  const failure = actionData as FormFailure | undefined;
  const form = useEagerValidation(ZRegisterRequestSchema, failure?.fields);
  const busy = useNavigation().state === 'submitting';
  return (
    <section className="auth-page" aria-labelledby="register-title">
      <div className="auth-card">
        <h1 id="register-title">Đăng ký</h1>
        <p className="auth-lead">Một tài khoản miễn phí để lưu lại hành trình đọc và nghe của bạn.</p>
        {failure?.message ? (
          <p className="form-message" role="alert">
            {failure.message}
          </p>
        ) : null}
        <Form method="post" noValidate onSubmit={form.onSubmit} className="auth-form">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            label="Tài khoản"
            autoComplete="username"
            autoCapitalize="none"
            hint={USERNAME_HINT}
            error={form.errorOf('username')}
            {...form.fieldProps('username')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={form.errorOf('email')}
            {...form.fieldProps('email')}
          />
          <PasswordField
            label="Mật khẩu"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            error={form.errorOf('password')}
            {...form.fieldProps('password')}
          />
          <PasswordField
            label="Nhập lại mật khẩu"
            autoComplete="new-password"
            error={form.errorOf('confirmPassword')}
            {...form.fieldProps('confirmPassword')}
          />
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? 'Đang tạo tài khoản…' : 'Tạo tài khoản'}
          </button>
        </Form>
        <SocialLoginButtons providers={loaderData.providers} redirectTo={redirectTo} verb="Tiếp tục với" />
        <p className="auth-switch">
          Đã có tài khoản? <Link to={`/login?${new URLSearchParams({ redirectTo }).toString()}`}>Đăng nhập</Link>
        </p>
      </div>
    </section>
  );
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}
