import { Link, useFetcher } from 'react-router';

/**
 * Saves a book to the reading list (or takes it off), through the reading list's own action;
 * anonymous readers are asked to log in.
 */
export function SaveBookButton(props: {
  bookCode: string;
  saved: boolean;
  loggedIn: boolean;
  loginPath: string;
  className?: string;
}) {
  const fetcher = useFetcher();
  const className = `button button-ghost save-book ${props.className ?? ''}`;
  if (!props.loggedIn) {
    return (
      <Link to={props.loginPath} className={className}>
        Lưu sách
      </Link>
    );
  }
  // Show the new state at once, before the server answers.
  const saved = fetcher.formData ? fetcher.formData.get('intent') === 'save-book' : props.saved;
  return (
    <fetcher.Form method="post" action="/profile/reading-list">
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
