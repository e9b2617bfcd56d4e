import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';

/**
 * A file field in Vietnamese: the browser's own one speaks the browser's language ("Choose File /
 * No file chosen") and is as wide as it likes. The real input stays in the form, visually hidden
 * but reachable by Tab and screen readers (its label names it); a button-styled label opens it and
 * the chosen file's name shows beside it.
 */
export function FilePicker({
  id,
  buttonText = 'Chọn ảnh',
  emptyText = 'Chưa chọn ảnh',
  onChange,
  ...input
}: {
  id: string;
  buttonText?: string;
  emptyText?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'className'>) {
  const [names, setNames] = useState<string[]>([]);
  const ref = useRef<HTMLInputElement>(null);
  // A form emptied after an upload (app/components/admin/upload-form.tsx) empties the name too.
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const onReset = () => setNames([]);
    form.addEventListener('reset', onReset);
    return () => form.removeEventListener('reset', onReset);
  }, []);
  return (
    <div className="file-picker">
      <input
        {...input}
        ref={ref}
        id={id}
        type="file"
        className="visually-hidden file-picker-input"
        aria-describedby={`${id}-chosen`}
        onChange={(event) => {
          setNames(Array.from(event.currentTarget.files ?? [], (f) => f.name));
          onChange?.(event);
        }}
      />
      <label htmlFor={id} className="button button-ghost file-picker-button">
        {buttonText}
      </label>
      <span id={`${id}-chosen`} className="file-picker-name" data-testid={`${id}-chosen`}>
        {names.length === 0 ? emptyText : names.join(', ')}
      </span>
    </div>
  );
}
