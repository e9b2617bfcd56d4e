import { useRef, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';

/** What the upload resource routes answer (JSON). */
export interface UploadAnswer {
  ok: boolean;
  message: string | null;
  fields?: Record<string, string>;
}

type UploadState =
  | { kind: 'idle' }
  | { kind: 'sending'; percent: number | null }
  | { kind: 'checking' }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string; fields: Record<string, string> };

/**
 * A multipart form posted with XMLHttpRequest, so the admin sees how much of a large file has
 * gone (fetch cannot tell). The session cookie goes with it; the page's data is reloaded after.
 * Without JavaScript the form still posts (the resource route then redirects back).
 */
export function UploadForm({
  action,
  children,
  submitLabel,
  className,
  testId,
  fieldErrors = true,
}: {
  action: string;
  children: ReactNode;
  submitLabel: string;
  className?: string;
  testId?: string;
  fieldErrors?: boolean;
}) {
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  const revalidator = useRevalidator();
  const busy = state.kind === 'sending' || state.kind === 'checking';

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const request = new XMLHttpRequest();
    request.open('POST', action);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (e) =>
      setState({ kind: 'sending', percent: e.lengthComputable ? Math.round((e.loaded / e.total) * 100) : null });
    // Everything is sent: the server now checks the file (frames, tags) before answering.
    request.upload.onload = () => setState({ kind: 'checking' });
    request.onerror = () =>
      setState({ kind: 'failed', message: 'Mất kết nối khi đang tải lên. Xin thử lại.', fields: {} });
    request.onload = () => {
      let answer: UploadAnswer | null = null;
      try {
        answer = JSON.parse(request.responseText) as UploadAnswer;
      } catch {
        answer = null;
      }
      if (!answer) {
        setState({
          kind: 'failed',
          message: 'Máy chủ không trả lời như mong đợi (phiên đăng nhập có thể đã hết). Hãy tải lại trang.',
          fields: {},
        });
      } else if (answer.ok) {
        setState({ kind: 'done', message: answer.message ?? 'Đã tải lên.' });
        formRef.current?.reset();
        void revalidator.revalidate();
      } else {
        setState({ kind: 'failed', message: answer.message ?? 'Không tải lên được.', fields: answer.fields ?? {} });
      }
    };
    setState({ kind: 'sending', percent: 0 });
    request.send(new FormData(form));
  }

  const fieldMessages = state.kind === 'failed' && fieldErrors ? Object.entries(state.fields) : [];
  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      className={`admin-form ${className ?? ''}`}
      onSubmit={submit}
      data-testid={testId}
      aria-busy={busy}
    >
      {children}
      <div className="media-upload-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Đang tải lên…' : submitLabel}
        </button>
        {state.kind === 'sending' ? (
          <div className="media-upload-progress" role="status" data-testid="upload-progress">
            <progress max={100} value={state.percent ?? undefined} />
            <span>Đang tải lên{state.percent !== null ? ` ${state.percent}%` : '…'}</span>
          </div>
        ) : state.kind === 'checking' ? (
          <p className="media-upload-status" role="status">
            Đã gửi xong, đang kiểm tra tệp…
          </p>
        ) : state.kind === 'done' ? (
          <p className="media-upload-status media-upload-done" role="status" data-testid="upload-done">
            {state.message}
          </p>
        ) : null}
      </div>
      {state.kind === 'failed' ? (
        <div className="media-upload-error" role="alert" data-testid="upload-error">
          <p>{state.message}</p>
          {fieldMessages.length > 0 ? (
            <ul>
              {fieldMessages.map(([field, message]) => (
                <li key={field}>{message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
