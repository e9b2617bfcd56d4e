import { Form, Link, redirect, useNavigation } from 'react-router';
import { PASSWORD_RESET_MINUTES, SITE_NAME } from '#common/constants.ts';
import { ZForgotPasswordRequestSchema } from '#common/contracts/auth.schema.ts';
import { RECOVERY_MESSAGES } from '#common/messages.ts';
import { TextField } from '#app/components/forms/text-field.tsx';
import { type FormFailure, formFailureOf, parseForm } from '#app/lib/form-errors.server.ts';
import { getCurrentUser, requestMetaOf } from '#app/lib/session.server.ts';
import { useEagerValidation } from '#app/lib/use-eager-validation.ts';
import type { Route } from './+types/forgot-password';

export function meta() {
  return [{ title: `Quên mật khẩu — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getCurrentUser(request, context)) return redirect('/profile');
  return {
    available: context.services.accountRecovery.available,
    contactEmail: context.services.site.links.contactEmail,
  };
}

/** Mails a reset link when the address belongs to an account; the answer is the same either way. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(ZForgotPasswordRequestSchema, await request.formData());
  if (!parsed.ok) return parsed.failure;
  try {
    await context.services.accountRecovery.requestReset(
      parsed.value.email,
      requestMetaOf(request, context),
      request.url,
    );
    return { sent: true as const };
  } catch (error) {
    return formFailureOf(error);
  }
}

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && 'fields' in actionData ? (actionData as FormFailure) : undefined;
  const sent = Boolean(actionData && 'sent' in actionData);
  const form = useEagerValidation(ZForgotPasswordRequestSchema, failure?.fields);
  const busy = useNavigation().state === 'submitting';
  return (
    <section className="auth-page" aria-labelledby="forgot-title">
      <div className="auth-card">
        <h1 id="forgot-title">Quên mật khẩu</h1>
        {!loaderData.available ? (
          <p className="auth-lead">
            {RECOVERY_MESSAGES.unavailable}
            {loaderData.contactEmail ? (
              <>
                {' '}
                <a href={`mailto:${loaderData.contactEmail}`}>{loaderData.contactEmail}</a>
              </>
            ) : null}
          </p>
        ) : sent ? (
          <p className="form-message" data-kind="success" role="status" data-testid="forgot-sent">
            {RECOVERY_MESSAGES.sent}
          </p>
        ) : (
          <>
            <p className="auth-lead">
              Nhập email của tài khoản. Chúng tôi sẽ gửi một liên kết để bạn đặt mật khẩu mới, dùng được trong{' '}
              {PASSWORD_RESET_MINUTES} phút.
            </p>
            {failure?.message ? (
              <p className="form-message" role="alert">
                {failure.message}
              </p>
            ) : null}
            <Form method="post" noValidate onSubmit={form.onSubmit} className="auth-form">
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                autoCapitalize="none"
                error={form.errorOf('email')}
                {...form.fieldProps('email')}
              />
              <button type="submit" className="button button-primary button-block" disabled={busy}>
                {busy ? 'Đang gửi…' : 'Gửi liên kết'}
              </button>
            </Form>
          </>
        )}
        <p className="auth-switch">
          Nhớ ra rồi? <Link to="/login">Đăng nhập</Link>
        </p>
      </div>
    </section>
  );
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}
