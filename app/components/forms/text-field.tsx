import { useId } from 'react';

type InputProps = React.InputHTMLAttributes<HTMLInputElement>;

/**
 * A labelled input whose message shows below it; an invalid field gets the invalid style.
 * `children` come after the message (the password field's "Hiện mật khẩu" toggle).
 */
export function TextField({
  label,
  error,
  hint,
  id: givenId,
  children,
  ...input
}: InputProps & { label: string; error?: string; hint?: string; children?: React.ReactNode }) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const messageId = `${id}-message`;
  return (
    <div className={`field${error ? ' is-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...input}
      />
      {error ? (
        <p className="field-error" id={messageId} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field-hint" id={messageId}>
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}
