import { useState } from 'react';
import { Link, useFetcher } from 'react-router';

/**
 * Saves a book to the reading list (or takes it off), through the reading list's own action;
 * anonymous readers are asked to log in. Offline, the change waits in the browser's queue
 * (decision 0039), whose code loads on that first press.
 */
export function SaveBookButton(props: {
  bookCode: string;
  saved: boolean;
  loggedIn: boolean;
  loginPath: string;
  className?: string;
}) {
  const fetcher = useFetcher();
  const [kept, setKept] = useState<boolean | null>(null);
  const className = `button button-ghost save-book ${props.className ?? ''}`;
  if (!props.loggedIn) {
    return (
      <Link to={props.loginPath} className={className}>
        Lưu sách
      </Link>
    );
  }
  // Show the new state at once, before the server answers.
  const saved = fetcher.formData ? fetcher.formData.get('intent') === 'save-book' : (kept ?? props.saved);
  return (
    <fetcher.Form
      method="post"
      action="/profile/reading-list"
      onSubmit={(event) => {
        if (navigator.onLine) return setKept(null);
        event.preventDefault();
        void import('#app/components/offline/offline-keep.ts').then((keep) =>
          keep.keepBookSaved(props.bookCode, !saved, setKept),
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
    </fetcher.Form>
  );
}
