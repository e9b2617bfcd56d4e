import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Form, isRouteErrorResponse, Link, useLocation } from 'react-router';
import { ERROR_PAGE_TEXT } from '#common/messages.ts';
import { isChunkLoadError, reloadAfterChunkError } from '#app/lib/chunk-reload.ts';
import { useCurrentUser } from '#app/lib/layout-data.ts';

type ErrorKind = 'not-found' | 'forbidden' | 'unauthenticated' | 'bad-request' | 'server';

export interface Described {
  status: number;
  kind: ErrorKind;
  /** The Vietnamese heading, also the page's <title>. */
  heading: string;
  /** The reason the server gave (who a 403 page is for), when it is meant for readers. */
  detail: string | null;
}

function kindOf(status: number): ErrorKind {
  if (status === 404) return 'not-found';
  if (status === 403) return 'forbidden';
  if (status === 401) return 'unauthenticated';
  if (status >= 400 && status < 500) return 'bad-request';
  return 'server';
}

const HEADINGS: Record<ErrorKind, string> = {
  'not-found': ERROR_PAGE_TEXT.notFoundHeading,
  forbidden: ERROR_PAGE_TEXT.forbiddenHeading,
  unauthenticated: ERROR_PAGE_TEXT.unauthenticatedHeading,
  'bad-request': ERROR_PAGE_TEXT.badRequestHeading,
  server: ERROR_PAGE_TEXT.serverHeading,
};

/**
 * A route error carries a status (default 500) and, for 4xx, a message written for readers
 * (`throw data('Trang này dành cho quản trị viên', {status: 403})`). Other errors are 500 and
 * their message stays on the server.
 */
export function describeError(error: unknown): Described {
  if (isRouteErrorResponse(error)) {
    const kind = kindOf(error.status);
    const message = typeof error.data === 'string' && error.data ? error.data : null;
    const detail =
      kind === 'server' || kind === 'not-found'
        ? null
        : (message ?? (kind === 'forbidden' ? ERROR_PAGE_TEXT.forbiddenDetail : null));
    return { status: error.status, kind, heading: HEADINGS[kind], detail };
  }
  return { status: 500, kind: 'server', heading: HEADINGS.server, detail: null };
}

function HomeLink() {
  return (
    <Link to="/" className="button button-ghost">
      {ERROR_PAGE_TEXT.backHome}
    </Link>
  );
}

/** What to do next, by status: search (404), log in or switch account (401, 403), try again (5xx). */
function Advice({ kind }: { kind: ErrorKind }) {
  const user = useCurrentUser();
  const location = useLocation();
  const loginHref = `/login?${new URLSearchParams({ redirectTo: location.pathname + location.search }).toString()}`;
  switch (kind) {
    case 'not-found':
      return (
        <>
          <p lang="en" className="error-spec">
            {ERROR_PAGE_TEXT.notFound}
          </p>
          <p className="error-detail">{ERROR_PAGE_TEXT.notFoundAdvice}</p>
          <Form method="get" action="/search" role="search" className="error-search">
            <label htmlFor="error-search-query" className="visually-hidden">
              {ERROR_PAGE_TEXT.searchLabel}
            </label>
            <input id="error-search-query" name="query" type="search" placeholder={ERROR_PAGE_TEXT.searchLabel} />
            <button type="submit" className="button button-primary">
              Tìm
            </button>
          </Form>
          <p className="error-actions">
            <HomeLink />
          </p>
        </>
      );
    case 'forbidden':
    case 'unauthenticated':
      return (
        <>
          <p className="error-detail">
            {user && kind === 'forbidden'
              ? ERROR_PAGE_TEXT.forbiddenLoggedIn(user.username)
              : ERROR_PAGE_TEXT.forbiddenAnonymous}
          </p>
          <p className="error-actions">
            {user ? null : (
              <Link to={loginHref} className="button button-primary">
                {ERROR_PAGE_TEXT.login}
              </Link>
            )}
            <HomeLink />
          </p>
        </>
      );
    case 'bad-request':
      return (
        <>
          <p className="error-detail">{ERROR_PAGE_TEXT.badRequestAdvice}</p>
          <p className="error-actions">
            <HomeLink />
          </p>
        </>
      );
    default:
      return (
        <>
          <p className="error-detail">{ERROR_PAGE_TEXT.serverAdvice}</p>
          <p className="error-actions">
            <a href={location.pathname + location.search} className="button button-primary">
              {ERROR_PAGE_TEXT.retry}
            </a>
            <HomeLink />
          </p>
        </>
      );
  }
}

export function ErrorContent({ error }: { error: unknown }) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);
  const { status, kind, heading, detail } = describeError(error);
  return (
    <section className="error-page page-narrow" data-status={status}>
      <p className="error-status" aria-hidden="true">
        {status}
      </p>
      <h1>{heading}</h1>
      {detail ? <p className="error-reason">{detail}</p> : null}
      <Advice kind={kind} />
    </section>
  );
}

/** If showing the error page itself fails, fall back to the plainest page that still leads home. */
class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('error page failed', error, info.componentStack);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="error-page page-narrow" data-status="error-page-failed">
        <h1>{ERROR_PAGE_TEXT.errorPageFailed}</h1>
        <p className="error-detail">{ERROR_PAGE_TEXT.errorPageFailedVi}</p>
        <p>
          <a href="/" className="button button-primary">
            {ERROR_PAGE_TEXT.backHome}
          </a>
        </p>
      </section>
    );
  }
}

/** The error page of product spec §8: status, a Vietnamese heading, and what to do next. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorPageGuard>
      <ErrorContent error={error} />
    </ErrorPageGuard>
  );
}
