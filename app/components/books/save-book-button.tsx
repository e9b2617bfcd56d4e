import { Link, useFetcher, useRevalidator } from 'react-router';
import { useWaitingWrites } from '#app/components/offline/use-waiting-writes.ts';

/**
 * Saves a book to the reading list (or takes it off), through the reading list's own action;
 * anonymous readers are asked to log in. Offline, the change waits in the browser's queue
 * (decision 0039), whose code loads on that first press; the button shows it, marked, until it is
 * sent, after a reload and on other pages too (decision 0049).
 */
export function SaveBookButton(props: {
  bookCode: string;
  saved: boolean;
  loggedIn: boolean;
  loginPath: string;
  className?: string;
}) {
  const fetcher = useFetcher();
  const revalidator = useRevalidator();
  const waiting = useWaitingWrites(
    (keep) => keep.waitingSaveOf(props.bookCode),
    props.bookCode,
    revalidator.revalidate,
  );
  const className = `button button-ghost save-book ${props.className ?? ''}`;
  if (!props.loggedIn) {
    return (
      <Link to={props.loginPath} className={className}>
        Lưu sách
      </Link>
    );
  }
  // Show the new state at once, before the server answers.
  const saved = fetcher.formData ? fetcher.formData.get('intent') === 'save-book' : (waiting ?? props.saved);
  return (
    <fetcher.Form
      method="post"
      action="/profile/reading-list"
      onSubmit={(event) => {
        if (navigator.onLine) return;
        event.preventDefault();
        void import('#app/components/offline/offline-keep.ts').then((keep) =>
          keep.keepBookSaved(props.bookCode, !saved),
        );
      }}
    >
      <input type="hidden" name="bookCode" value={props.bookCode} />
      <button
        type="submit"
        name="intent"
        value={saved ? 'unsave-book' : 'save-book'}
        className={className}
        aria-pressed={saved}
      >
        {saved ? 'Đã lưu sách' : 'Lưu sách'}
      </button>
      {waiting !== null ? <span className="waiting-mark">chờ gửi</span> : null}
    </fetcher.Form>
  );
}
