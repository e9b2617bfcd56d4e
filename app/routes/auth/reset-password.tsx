import { Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { PASSWORD_HINT, ZResetPasswordRequestSchema } from '#common/contracts/auth.schema.ts';
import { RECOVERY_MESSAGES } from '#common/messages.ts';
import { PasswordField } from '#app/components/forms/password-field.tsx';
import { type FormFailure, formFailureOf, parseForm } from '#app/lib/form-errors.server.ts';
import { rememberLoginDevice } from '#app/lib/login-device.server.ts';
import { requestMetaOf, sessionCookie } from '#app/lib/session.server.ts';
import { useEagerValidation } from '#app/lib/use-eager-validation.ts';
import type { Route } from './+types/reset-password';

export function meta() {
  return [{ title: `Đặt mật khẩu mới — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

/**
 * The page of a reset link (/dat-lai-mat-khau?token=…). Opening it changes nothing — mail
 * scanners open links — it only says whether the link still works; the form's post uses it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return {
    live: await context.services.accountRecovery.isLinkLive(token),
    canRequest: context.services.accountRecovery.available,
  };
}

/** Sets the new password (the link is used up), ends every other session and logs this browser in. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(ZResetPasswordRequestSchema, await request.formData());
  if (!parsed.ok) return parsed.failure;
  try {
    const session = await context.services.accountRecovery.resetPassword(
      parsed.value.token,
      parsed.value.password,
      requestMetaOf(request, context),
    );
    const headers = new Headers({ 'Set-Cookie': sessionCookie(session.token, request) });
    const deviceCookie = await rememberLoginDevice(request, context, session.user.id);
    if (deviceCookie) headers.append('Set-Cookie', deviceCookie);
    // Off the address with the token, onto the account: the browser's history keeps no link.
    return redirect('/profile?mat-khau-moi=1', { headers });
  } catch (error) {
    return formFailureOf(error);
  }
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const failure = actionData as FormFailure | undefined;
  const form = useEagerValidation(ZResetPasswordRequestSchema, failure?.fields);
  const busy = useNavigation().state === 'submitting';
  const message = failure?.message ?? (loaderData.live ? null : RECOVERY_MESSAGES.invalidLink);
  return (
    <section className="auth-page" aria-labelledby="reset-title">
      <div className="auth-card">
        <h1 id="reset-title">Đặt mật khẩu mới</h1>
        {message ? (
          <p className="form-message" role="alert">
            {message}
          </p>
        ) : null}
        {loaderData.live ? (
          <>
            <p className="auth-lead">Sau khi đặt, mọi thiết bị đang đăng nhập tài khoản này sẽ được đăng xuất.</p>
            <Form method="post" noValidate onSubmit={form.onSubmit} className="auth-form">
              <input type="hidden" name="token" value={params.get('token') ?? ''} />
              <PasswordField
                label="Mật khẩu mới"
                autoComplete="new-password"
                hint={PASSWORD_HINT}
                error={form.errorOf('password')}
                {...form.fieldProps('password')}
              />
              <PasswordField
                label="Nhập lại mật khẩu mới"
                autoComplete="new-password"
                error={form.errorOf('confirmPassword')}
                {...form.fieldProps('confirmPassword')}
              />
              <button type="submit" className="button button-primary button-block" disabled={busy}>
                {busy ? 'Đang lưu…' : 'Đặt mật khẩu mới'}
              </button>
            </Form>
          </>
        ) : null}
        <p className="auth-switch">
          {loaderData.canRequest ? (
            <>
              <Link to="/quen-mat-khau">Gửi liên kết mới</Link> ·{' '}
            </>
          ) : null}
          <Link to="/login">Đăng nhập</Link>
        </p>
      </div>
    </section>
  );
}

export function headers() {
  // The address holds the token: kept out of caches and out of the Referer of any link followed.
  return { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };
}
