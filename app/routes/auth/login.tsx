import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { ZLoginRequestSchema } from '#common/contracts/auth.schema.ts';
import { loginErrorMessage } from '#common/messages.ts';
import { safeRedirectPath } from '#common/safe-redirect.ts';
import { SocialLoginButtons } from '#app/components/forms/social-login-buttons.tsx';
import { PasswordField } from '#app/components/forms/password-field.tsx';
import { TextField } from '#app/components/forms/text-field.tsx';
import { type FormFailure, formFailureOf, parseForm } from '#app/lib/form-errors.server.ts';
import { useNonce } from '#app/lib/nonce.tsx';
import {
  clearedLoginBindingCookie,
  getCurrentUser,
  readLoginBinding,
  requestMetaOf,
  sessionCookie,
} from '#app/lib/session.server.ts';
import { readDeviceToken, rememberLoginDevice } from '#app/lib/login-device.server.ts';
import { useEagerValidation } from '#app/lib/use-eager-validation.ts';
import type { Route } from './+types/login';

export function meta() {
  return [{ title: `Đăng nhập — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

const FINISH_FORM_ID = 'social-login-finish';
const FINISH_INTENT = 'social-code';

/**
 * The login page, and the end of a social login: the provider's callback sends the reader here
 * with a one-time code. Opening the address changes nothing (a GET must not log anyone in); the
 * page posts the code back, and only the browser that started the login (its binding cookie,
 * see LOGIN_BINDING_COOKIE) gets the session cookie, before going on (to the home page).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'));
  if (await getCurrentUser(request, context)) return redirect(redirectTo);
  return {
    providers: context.services.socialLogin.listProviders(),
    // "Quên mật khẩu?" only where a reset link can be mailed (SMTP settings).
    canRecover: context.services.accountRecovery.available,
    code: url.searchParams.get('code')?.slice(0, 200) || null,
    // Only the fixed texts of known codes: the address is anyone's to write.
    error: loginErrorMessage(url.searchParams.get('error')),
  };
}

/** The social login's code for a session, in the browser that started it; its binding cookie goes either way. */
async function finishSocialLogin(form: FormData, request: Request, context: Route.ActionArgs['context']) {
  const headers = new Headers({ 'Set-Cookie': clearedLoginBindingCookie(request) });
  try {
    const code = form.get('code');
    const session = await context.services.auth.exchangeLoginCode(
      typeof code === 'string' ? code : '',
      readLoginBinding(request),
      requestMetaOf(request, context),
    );
    headers.append('Set-Cookie', sessionCookie(session.token, request));
    return redirect(safeRedirectPath(form.get('redirectTo')), { headers });
  } catch (error) {
    const failure = formFailureOf(error);
    return data(failure.data, { status: failure.init?.status ?? 400, headers });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') === FINISH_INTENT) return finishSocialLogin(form, request, context);
  const parsed = parseForm(ZLoginRequestSchema, form);
  if (!parsed.ok) return parsed.failure;
  try {
    const session = await context.services.auth.login(parsed.value, {
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

/**
 * The last step of a social login: a form that posts the code, sent by a small script at once
 * (a plain form post, so the /login cookie goes with it), with its button for browsers without scripts.
 */
function FinishSocialLogin({ code, redirectTo }: { code: string; redirectTo: string }) {
  const nonce = useNonce();
  return (
    <section className="auth-page" aria-labelledby="login-title">
      <div className="auth-card">
        <h1 id="login-title">Đang hoàn tất đăng nhập…</h1>
        <p className="auth-lead">Nếu trang không tự chuyển tiếp, hãy bấm nút bên dưới.</p>
        <form id={FINISH_FORM_ID} method="post" action="/login" className="auth-form">
          <input type="hidden" name="intent" value={FINISH_INTENT} />
          <input type="hidden" name="code" value={code} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="button button-primary button-block">
            Tiếp tục đăng nhập
          </button>
        </form>
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: `document.getElementById('${FINISH_FORM_ID}').submit();` }}
        />
      </div>
    </section>
  );
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get('redirectTo'));
  const failure = actionData as FormFailure | undefined;
  const form = useEagerValidation(ZLoginRequestSchema, failure?.fields);
  const busy = useNavigation().state === 'submitting';
  const message = failure?.message ?? loaderData.error;
  // After a post the answer is shown, never the step that posted again.
  if (loaderData.code && !failure) return <FinishSocialLogin code={loaderData.code} redirectTo={redirectTo} />;
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
          <PasswordField
            label="Mật khẩu"
            autoComplete="current-password"
            error={form.errorOf('password')}
            {...form.fieldProps('password')}
          />
          {loaderData.canRecover ? (
            <p className="auth-forgot">
              <Link to="/quen-mat-khau">Quên mật khẩu?</Link>
            </p>
          ) : null}
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
