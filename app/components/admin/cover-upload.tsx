import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { BookCover } from '#app/components/books/book-cover.tsx';

/**
 * The book's cover and the form that replaces it: the chosen image shows at once, cut to 3:4 as
 * the server will cut it (300×400), before it is sent.
 */
export function CoverUpload({
  code,
  title,
  coverImage,
  busy,
  error,
}: {
  code: string;
  title: string;
  coverImage: string | null;
  busy: boolean;
  error?: string | null;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A saved cover replaces the local preview.
  useEffect(() => {
    setPreview(null);
    setFileName(null);
    formRef.current?.reset();
  }, [coverImage]);

  return (
    <Form ref={formRef} method="post" encType="multipart/form-data" className="admin-cover" data-testid="cover-form">
      <input type="hidden" name="intent" value="cover" />
      <div className="admin-cover-frame">
        {preview ? (
          <img className="book-cover book-cover-image" src={preview} width={300} height={400} alt="Ảnh bìa sắp lưu" />
        ) : (
          <BookCover code={code} title={title} coverImage={coverImage} sizes="160px" />
        )}
      </div>
      <div className="admin-cover-controls">
        {/* The native file field's own words are the browser's language: a Vietnamese label stands in for it. */}
        <input
          id="book-cover-file"
          className="visually-hidden"
          name="cover"
          type="file"
          accept="image/*"
          required
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setFileName(file?.name ?? null);
            setPreview(null);
            if (!file) return;
            // A data: address, not a blob: one: the content security policy allows images from data: only.
            const reader = new FileReader();
            reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
            reader.readAsDataURL(file);
          }}
        />
        <label htmlFor="book-cover-file" className="button button-ghost admin-cover-pick">
          {coverImage ? 'Chọn ảnh khác…' : 'Chọn ảnh bìa…'}
        </label>
        <p className="admin-field-hint admin-cover-name" aria-live="polite">
          {fileName ?? 'Ảnh bất kỳ (tối đa 5 MB), cắt theo khổ 3:4 — 300×400.'}
        </p>
        {error ? (
          <p className="admin-field-error" role="alert">
            {error}
          </p>
        ) : null}
        {preview ? (
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Đang tải lên…' : 'Lưu ảnh bìa'}
          </button>
        ) : (
          <noscript>
            <button type="submit" className="button button-primary">
              Lưu ảnh bìa
            </button>
          </noscript>
        )}
      </div>
    </Form>
  );
}
