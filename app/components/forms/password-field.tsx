import { useId, useState } from 'react';
import { TextField } from './text-field.tsx';

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'>;

/**
 * A TextField for a password, with a "Hiện mật khẩu" toggle: a button whose aria-pressed says
 * whether the password is shown. Its name stays the same in both states, so a screen reader hears
 * "Hiện mật khẩu, pressed" rather than a name that flips with the state.
 */
export function PasswordField(props: InputProps & { label: string; error?: string; hint?: string }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      id={id}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...props}
    >
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
    </TextField>
  );
}
