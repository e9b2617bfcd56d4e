import { useId, useState } from 'react';

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'>;

/**
 * A password input like TextField (text-field.tsx), with a "Hiện mật khẩu" toggle: a button whose
 * aria-pressed says whether the password is shown. Its name stays the same in both states, so a
 * screen reader hears "Hiện mật khẩu, pressed" rather than a name that flips with the state.
 */
export function PasswordField({
  label,
  error,
  hint,
  ...input
}: InputProps & { label: string; error?: string; hint?: string }) {
  const id = useId();
  const messageId = `${id}-message`;
  const [shown, setShown] = useState(false);
  return (
    <div className={`field${error ? ' is-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={shown ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
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
      <button
        type="button"
        className="field-reveal"
        aria-pressed={shown}
        aria-controls={id}
        onClick={() => setShown((s) => !s)}
      >
        <span className="field-reveal-box" aria-hidden="true" />
        Hiện mật khẩu
      </button>
    </div>
  );
}
