import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, Link } from 'react-router';
import { ERROR_PAGE_TEXT } from '#common/messages.ts';
import { isChunkLoadError, reloadAfterChunkError } from '#app/lib/chunk-reload.ts';

interface Described {
  status: number;
  title: string;
  detail: string;
}

/** A route error carries a status (default 500) and a message. */
export function describeError(error: unknown): Described {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return { status: 404, title: ERROR_PAGE_TEXT.notFound, detail: ERROR_PAGE_TEXT.notFoundVi };
    }
    const message = typeof error.data === 'string' && error.data ? error.data : error.statusText;
    return { status: error.status, title: message || 'Đã có lỗi xảy ra', detail: 'Xin thử lại sau ít phút.' };
  }
  const message = error instanceof Error && error.message ? error.message : 'Đã có lỗi xảy ra';
  return { status: 500, title: 'Đã có lỗi xảy ra', detail: message };
}

function ErrorContent({ error }: { error: unknown }) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);
  const { status, title, detail } = describeError(error);
  return (
    <section className="error-page page-narrow" data-status={status}>
      <p className="error-status" aria-hidden="true">
        {status}
      </p>
      <h1>{title}</h1>
      <p className="error-detail">{detail}</p>
      <p>
        <Link to="/" className="button button-primary">
          {ERROR_PAGE_TEXT.backHome}
        </Link>
      </p>
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

/** The error page of seed-spec.md §8: status, message and a link home. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorPageGuard>
      <ErrorContent error={error} />
    </ErrorPageGuard>
  );
}
