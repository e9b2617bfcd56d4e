import { data, Form, redirect, useNavigation } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { RECOVERY_MESSAGES } from '#common/messages.ts';
import {
  ZChangePasswordRequestSchema,
  ZDeleteAccountRequestSchema,
  ZUpdateProfileRequestSchema,
} from '#common/contracts/auth.schema.ts';
import { Avatar } from '#app/components/layout/account-actions.tsx';
import { PasswordField } from '#app/components/forms/password-field.tsx';
import { TextField } from '#app/components/forms/text-field.tsx';
import { type FormFailure, formFailureOf, parseForm } from '#app/lib/form-errors.server.ts';
import { formatDate } from '#app/lib/format.ts';
import { clearedSessionCookie, readSessionToken, requireCurrentUser } from '#app/lib/session.server.ts';
import { useEagerValidation } from '#app/lib/use-eager-validation.ts';
import type { Route } from './+types/profile';
import { FilePicker } from '#app/components/forms/file-picker.tsx';

export function meta() {
  return [{ title: `Tài khoản — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

const ROLE_LABELS = { reader: 'Bạn đọc', moderator: 'Kiểm duyệt viên', admin: 'Quản trị viên' } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCurrentUser(request, context);
  return {
    user,
    hasPassword: await context.services.auth.hasPassword(user.id),
    // Just arrived from a password-reset link (app/routes/auth/reset-password.tsx).
    passwordReset: new URL(request.url).searchParams.has('mat-khau-moi'),
  };
}

type ProfileResult = FormFailure & { intent: string; done?: string };

/** One action for the page's forms, told apart by `intent`. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const answer = (r: FormFailure & { done?: string }) => ({ ...r, intent });
  const withIntent = (failure: ReturnType<typeof data<FormFailure>>) =>
    data(answer(failure.data), failure.init ?? undefined);
  try {
    switch (intent) {
      case 'display-name': {
        const parsed = parseForm(ZUpdateProfileRequestSchema, form);
        if (!parsed.ok) return withIntent(parsed.failure);
        await context.services.auth.updateDisplayName(user.id, parsed.value.displayName);
        return answer({ message: null, fields: {}, done: 'Đã đổi tên hiển thị.' });
      }
      case 'avatar': {
        const file = form.get('avatar');
        if (!(file instanceof File) || file.size === 0) {
          return answer({ message: null, fields: { avatar: 'Hãy chọn một ảnh.' } });
        }
        await context.services.avatars.setAvatar(user, new Uint8Array(await file.arrayBuffer()));
        return answer({ message: null, fields: {}, done: 'Đã cập nhật ảnh đại diện.' });
      }
      case 'password': {
        const parsed = parseForm(ZChangePasswordRequestSchema, form);
        if (!parsed.ok) return withIntent(parsed.failure);
        await context.services.auth.changePassword(user.id, parsed.value.currentPassword, parsed.value.password);
        await context.services.auth.logoutEverywhere(user.id, readSessionToken(request));
        return answer({ message: null, fields: {}, done: 'Đã đổi mật khẩu. Các thiết bị khác cần đăng nhập lại.' });
      }
      case 'logout-everywhere': {
        await context.services.auth.logoutEverywhere(user.id);
        return redirect('/login', { headers: { 'Set-Cookie': clearedSessionCookie(request) } });
      }
      case 'delete-account': {
        if (form.get('confirm') !== user.username) {
          return answer({ message: null, fields: { confirm: 'Hãy gõ đúng tên tài khoản của bạn để xác nhận.' } });
        }
        const parsed = parseForm(ZDeleteAccountRequestSchema, form);
        if (!parsed.ok) return withIntent(parsed.failure);
        await context.services.auth.deleteAccount(user.id, {
          password: parsed.value.password,
          token: readSessionToken(request),
        });
        return redirect('/', { headers: { 'Set-Cookie': clearedSessionCookie(request) } });
      }
      default:
        return answer({ message: 'Yêu cầu không hợp lệ.', fields: {} });
    }
  } catch (error) {
    return withIntent(formFailureOf(error));
  }
}

function Done({ result, intent }: { result: ProfileResult | undefined; intent: string }) {
  if (result?.intent !== intent) return null;
  if (result.done)
    return (
      <p className="form-message" data-kind="success" role="status">
        {result.done}
      </p>
    );
  if (result.message)
    return (
      <p className="form-message" role="alert">
        {result.message}
      </p>
    );
  return null;
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, hasPassword } = loaderData;
  const result = actionData as ProfileResult | undefined;
  const fieldsFor = (intent: string) => (result?.intent === intent ? result.fields : undefined);
  const nameForm = useEagerValidation(ZUpdateProfileRequestSchema, fieldsFor('display-name'));
  const passwordForm = useEagerValidation(ZChangePasswordRequestSchema, fieldsFor('password'));
  const busy = useNavigation().state === 'submitting';

  return (
    <div className="profile-page">
      <header className="profile-header">
        <Avatar user={user} size={64} />
        <div>
          <h1>{user.displayName}</h1>
          <p className="profile-meta">
            @{user.username} · {ROLE_LABELS[user.role]} · tham gia {formatDate(user.createdAt)}
          </p>
          {user.email ? <p className="profile-meta">{user.email}</p> : null}
        </div>
      </header>
      {loaderData.passwordReset ? (
        <p className="form-message" data-kind="success" role="status" data-testid="password-reset-done">
          {RECOVERY_MESSAGES.done}
        </p>
      ) : null}

      <section className="profile-card" aria-labelledby="name-title">
        <h2 id="name-title">Tên hiển thị</h2>
        <Done result={result} intent="display-name" />
        <Form method="post" noValidate onSubmit={nameForm.onSubmit} className="profile-form">
          <input type="hidden" name="intent" value="display-name" />
          <TextField
            label="Tên hiển thị"
            defaultValue={user.displayName}
            maxLength={60}
            error={nameForm.errorOf('displayName')}
            {...nameForm.fieldProps('displayName')}
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            Lưu tên
          </button>
        </Form>
      </section>

      <section className="profile-card" aria-labelledby="avatar-title">
        <h2 id="avatar-title">Ảnh đại diện</h2>
        <Done result={result} intent="avatar" />
        <Form method="post" encType="multipart/form-data" className="profile-form">
          <input type="hidden" name="intent" value="avatar" />
          <div className={`field${fieldsFor('avatar')?.avatar ? ' is-invalid' : ''}`}>
            <label htmlFor="avatar-file">Ảnh mới (JPEG, PNG, WebP…, tối đa 5 MB)</label>
            <FilePicker id="avatar-file" name="avatar" accept="image/*" />
            {fieldsFor('avatar')?.avatar ? <p className="field-error">{fieldsFor('avatar')!.avatar}</p> : null}
          </div>
          <button type="submit" className="button button-ghost" disabled={busy}>
            Tải ảnh lên
          </button>
        </Form>
      </section>

      <section className="profile-card" aria-labelledby="password-title">
        <h2 id="password-title">Đổi mật khẩu</h2>
        <Done result={result} intent="password" />
        <Form method="post" noValidate onSubmit={passwordForm.onSubmit} className="profile-form">
          <input type="hidden" name="intent" value="password" />
          <PasswordField
            label="Mật khẩu hiện tại"
            autoComplete="current-password"
            error={passwordForm.errorOf('currentPassword')}
            {...passwordForm.fieldProps('currentPassword')}
          />
          <PasswordField
            label="Mật khẩu mới"
            autoComplete="new-password"
            error={passwordForm.errorOf('password')}
            {...passwordForm.fieldProps('password')}
          />
          <PasswordField
            label="Nhập lại mật khẩu mới"
            autoComplete="new-password"
            error={passwordForm.errorOf('confirmPassword')}
            {...passwordForm.fieldProps('confirmPassword')}
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            Đổi mật khẩu
          </button>
        </Form>
      </section>

      <section className="profile-card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Đăng xuất khỏi mọi thiết bị</h2>
        <p className="profile-note">Dùng khi bạn đã đăng nhập ở một máy lạ hoặc làm mất điện thoại.</p>
        <Form method="post">
          <input type="hidden" name="intent" value="logout-everywhere" />
          <button type="submit" className="button button-ghost">
            Đăng xuất mọi nơi
          </button>
        </Form>
      </section>

      <section className="profile-card profile-danger" aria-labelledby="delete-title">
        <h2 id="delete-title">Xóa tài khoản</h2>
        <p className="profile-note">
          Tài khoản và mọi dữ liệu riêng của bạn (ghi chú, danh sách, lịch sử) sẽ bị xóa vĩnh viễn.
        </p>
        {hasPassword ? null : (
          <p className="profile-note">
            Tài khoản của bạn đăng nhập qua dịch vụ khác nên không có mật khẩu: để xóa, hãy đăng nhập lại với dịch vụ
            đó, rồi xóa trong vòng 10 phút.
          </p>
        )}
        <Done result={result} intent="delete-account" />
        <Form method="post" className="profile-form">
          <input type="hidden" name="intent" value="delete-account" />
          <TextField
            label={`Gõ "${user.username}" để xác nhận`}
            name="confirm"
            autoComplete="off"
            autoCapitalize="none"
            error={fieldsFor('delete-account')?.confirm}
          />
          {hasPassword ? (
            <PasswordField
              label="Mật khẩu hiện tại"
              name="password"
              autoComplete="current-password"
              error={fieldsFor('delete-account')?.password}
            />
          ) : null}
          <button type="submit" className="button button-danger">
            Xóa vĩnh viễn tài khoản
          </button>
        </Form>
      </section>
    </div>
  );
}
