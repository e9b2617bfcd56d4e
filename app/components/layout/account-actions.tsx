import { Form, Link } from 'react-router';
import type { User } from '#common/contracts/auth.schema.ts';

/** The reader's initial, or their avatar. */
export function Avatar({ user, size = 32 }: { user: User; size?: number }) {
  if (user.avatar) {
    return <img className="avatar" src={user.avatar} alt="" width={size} height={size} />;
  }
  return (
    <span className="avatar avatar-initial" style={{ width: size, height: size }} aria-hidden="true">
      {user.displayName.charAt(0).toLocaleUpperCase('vi')}
    </span>
  );
}

/** Login and register links when logged out; the account link and logout when logged in. */
export function AccountActions({ user, variant }: { user: User | null; variant: 'header' | 'drawer' }) {
  if (!user) {
    return (
      <>
        <Link to="/login" className="button button-ghost">
          Đăng nhập
        </Link>
        <Link to="/register" className="button button-primary">
          Đăng ký
        </Link>
      </>
    );
  }
  return (
    <>
      <Link to="/profile" className={variant === 'header' ? 'account-link' : 'button button-ghost'}>
        <Avatar user={user} size={variant === 'header' ? 32 : 24} />
        {/* Named by its visible words (WCAG 2.5.3): the reader's own name leads to their account. */}
        <span className="account-name">{variant === 'header' ? user.displayName : 'Tài khoản'}</span>
      </Link>
      <Form method="post" action="/logout" className="logout-form">
        <button type="submit" className={variant === 'header' ? 'button button-ghost' : 'button button-primary'}>
          Đăng xuất
        </button>
      </Form>
    </>
  );
}
