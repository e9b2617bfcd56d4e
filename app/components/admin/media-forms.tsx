import { Form } from 'react-router';
import type { ComponentProps } from 'react';
import { FilePicker } from '#app/components/forms/file-picker.tsx';

/**
 * The parts the talk and video administration pages (app/routes/admin/talks.tsx,
 * talk-collection.tsx, videos.tsx) build their forms from, so a row or an upload looks and posts
 * the same on each.
 */

/** A labelled file picker in an admin form (a document's file name shows beside its button). */
export function AdminFileField({
  label,
  id,
  ...picker
}: { label: React.ReactNode } & ComponentProps<typeof FilePicker>) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <FilePicker id={id} {...picker} />
    </div>
  );
}

/** A labelled description box; `defaultValue` when it edits one. */
export function AdminDescriptionField({
  id,
  label,
  maxLength,
  defaultValue,
}: {
  id: string;
  label: string;
  maxLength: number;
  defaultValue?: string | null;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name="description"
        rows={3}
        maxLength={maxLength}
        defaultValue={defaultValue === undefined ? undefined : (defaultValue ?? '')}
      />
    </div>
  );
}

/** The hidden inputs naming what a row's form acts on. */
function Target({ intent, idName, id }: { intent: string; idName: string; id: number }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={id} />
    </>
  );
}

/** "Xuất bản" / "Thôi xuất bản": posts the other state. */
export function PublishToggleForm({
  intent,
  idName,
  id,
  status,
  busy,
}: {
  intent: string;
  idName: string;
  id: number;
  status: string;
  busy: boolean;
}) {
  return (
    <Form method="post">
      <Target intent={intent} idName={idName} id={id} />
      <input type="hidden" name="status" value={status === 'published' ? 'draft' : 'published'} />
      <button type="submit" className="button button-ghost" disabled={busy}>
        {status === 'published' ? 'Thôi xuất bản' : 'Xuất bản'}
      </button>
    </Form>
  );
}

/** ↑ / ↓: moves a row one place in its list. */
export function MoveForm({
  intent,
  idName,
  id,
  title,
  first,
  last,
  busy,
}: {
  intent: string;
  idName: string;
  id: number;
  title: string;
  first: boolean;
  last: boolean;
  busy: boolean;
}) {
  return (
    <Form method="post" className="media-move">
      <Target intent={intent} idName={idName} id={id} />
      <button
        type="submit"
        name="direction"
        value="up"
        className="button button-ghost media-icon-button"
        disabled={busy || first}
        aria-label={`Đưa “${title}” lên`}
      >
        ↑
      </button>
      <button
        type="submit"
        name="direction"
        value="down"
        className="button button-ghost media-icon-button"
        disabled={busy || last}
        aria-label={`Đưa “${title}” xuống`}
      >
        ↓
      </button>
    </Form>
  );
}

/** The delete button, asking first with `question`. */
export function DeleteForm({
  intent,
  idName,
  id,
  question,
  label,
  busy,
}: {
  intent: string;
  idName: string;
  id: number;
  question: string;
  label: string;
  busy: boolean;
}) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(question)) event.preventDefault();
      }}
    >
      <Target intent={intent} idName={idName} id={id} />
      <button type="submit" className="button button-danger" disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/** "Xuất bản ngay" on a form that adds something (a draft when left unticked). */
export function PublishNowCheckbox() {
  return (
    <label className="admin-check">
      <input type="checkbox" name="status" value="published" /> Xuất bản ngay
    </label>
  );
}

/** The action's notice: an alert when it refused fields, else a status line; nothing before. */
export function MediaNotice({
  answer,
}: {
  answer: { message?: string | null; fields?: Record<string, string> } | undefined;
}) {
  if (!answer?.message) return null;
  const failed = Object.keys(answer.fields ?? {}).length > 0;
  return (
    <p className={`media-notice${failed ? ' is-error' : ''}`} role={failed ? 'alert' : 'status'}>
      {answer.message}
    </p>
  );
}

/**
 * The field messages for one row: the action names (under `idName`, as `mediaRowActions` does)
 * the row whose edit it refused, and only that row's form shows them.
 */
export function rowFieldErrors<K extends string>(
  answer: ({ fields?: Record<string, string> } & Partial<Record<K, unknown>>) | undefined,
  idName: K,
  id: number,
): Record<string, string> | undefined {
  return answer?.[idName] === id ? answer.fields : undefined;
}

/** The edit form inside a row's details: its fields, then the save button. */
export function RowEditForm({
  intent,
  idName,
  id,
  submitLabel,
  busy,
  children,
}: {
  intent: string;
  idName: string;
  id: number;
  submitLabel: string;
  busy: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className="admin-form">
      <Target intent={intent} idName={idName} id={id} />
      {children}
      <button type="submit" className="button button-primary" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** A row's quick actions in an ordered list: ↑ / ↓, then publish or unpublish. */
export function MoveAndPublishForms({
  moveIntent,
  statusIntent,
  idName,
  item,
  first,
  last,
  busy,
}: {
  moveIntent: string;
  statusIntent: string;
  idName: string;
  item: { id: number; title: string; status: string };
  first: boolean;
  last: boolean;
  busy: boolean;
}) {
  return (
    <div className="admin-media-actions">
      <MoveForm
        intent={moveIntent}
        idName={idName}
        id={item.id}
        title={item.title}
        first={first}
        last={last}
        busy={busy}
      />
      <PublishToggleForm intent={statusIntent} idName={idName} id={item.id} status={item.status} busy={busy} />
    </div>
  );
}
