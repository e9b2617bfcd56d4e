import { Form } from 'react-router';
import { DEFAULT_BOOK_LICENSE, type AdminBook } from '#common/contracts/book-admin.schema.ts';

/** One labelled field of the book form, its message under it (the invalid style when there is one). */
function Field({
  name,
  label,
  hint,
  error,
  defaultValue,
  multiline,
  ...input
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue?: string | null;
  multiline?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'defaultValue'>) {
  const id = `book-${name}`;
  const describedBy = error || hint ? `${id}-message` : undefined;
  return (
    <div className={`admin-field${error ? ' is-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          name={name}
          rows={4}
          defaultValue={defaultValue ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      ) : (
        <input
          id={id}
          name={name}
          type="text"
          defaultValue={defaultValue ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
      {error || hint ? (
        <p id={`${id}-message`} className={error ? 'admin-field-error' : 'admin-field-hint'}>
          {error ?? hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The book's own fields, for creating (with its code) and editing (the code shown, fixed). The
 * licence sits folded: most books take the default (published with the holder's permission).
 */
export function BookForm({
  book,
  fields = {},
  busy,
  submitLabel,
}: {
  book: AdminBook | null;
  fields?: Record<string, string>;
  busy: boolean;
  submitLabel: string;
}) {
  const licenseOpen = !!(fields.licenseSpdx || fields.licenseName || fields.licenseUrl || fields.sourceUrl);
  return (
    <Form method="post" className="admin-form admin-book-form" data-testid="book-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      <Field name="title" label="Tên sách" error={fields.title} defaultValue={book?.title} required maxLength={300} />
      {book ? (
        <p className="admin-field-hint">
          Mã sách: <code>{book.code}</code> — địa chỉ <code>/sach/{book.code}</code>, không đổi sau khi tạo.
        </p>
      ) : (
        <Field
          name="code"
          label="Mã sách (không bắt buộc)"
          hint="Để trống thì tạo từ tên sách, ví dụ “kinh-phap-hoa”. Chỉ chữ thường không dấu, số và gạch nối."
          error={fields.code}
          maxLength={80}
          pattern="[a-z0-9][a-z0-9\-]*"
          autoCapitalize="none"
          spellCheck={false}
        />
      )}
      <div className="admin-field-row">
        <Field name="author" label="Tác giả" error={fields.author} defaultValue={book?.author} maxLength={300} />
        <Field
          name="translator"
          label="Dịch giả"
          error={fields.translator}
          defaultValue={book?.translator}
          maxLength={300}
        />
      </div>
      <Field
        name="category"
        label="Thể loại"
        hint="Ví dụ: Kinh, Luận, Pháp thoại"
        error={fields.category}
        defaultValue={book?.category}
        maxLength={200}
      />
      <Field
        name="description"
        label="Giới thiệu"
        error={fields.description}
        defaultValue={book?.description}
        multiline
      />
      <details className="admin-details" open={licenseOpen}>
        <summary>Giấy phép và nguồn</summary>
        <p className="admin-field-hint">Để trống thì dùng mặc định: “{DEFAULT_BOOK_LICENSE.name}”.</p>
        <div className="admin-field-row">
          <Field
            name="licenseSpdx"
            label="Mã giấy phép (SPDX)"
            hint="Ví dụ: CC-BY-SA-4.0"
            error={fields.licenseSpdx}
            defaultValue={book?.licenseSpdx}
            maxLength={100}
          />
          <Field
            name="licenseName"
            label="Tên giấy phép"
            error={fields.licenseName}
            defaultValue={book?.licenseName}
            maxLength={300}
          />
        </div>
        <Field
          name="licenseUrl"
          label="Địa chỉ giấy phép"
          error={fields.licenseUrl}
          defaultValue={book?.licenseUrl}
          inputMode="url"
          maxLength={500}
        />
        <Field
          name="licenseAttribution"
          label="Ghi công"
          error={fields.licenseAttribution}
          defaultValue={book?.licenseAttribution}
          maxLength={500}
        />
        <Field
          name="sourceUrl"
          label="Nguồn (địa chỉ)"
          error={fields.sourceUrl}
          defaultValue={book?.sourceUrl}
          inputMode="url"
          maxLength={500}
        />
      </details>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Đang lưu…' : submitLabel}
      </button>
    </Form>
  );
}
