import { useState } from 'react';
import type { z } from 'zod';

/**
 * Checks a form against its zod contract as the reader types (product spec §5: rules are checked
 * eagerly). A field shows its message once touched; submitting touches every field.
 */
export function useEagerValidation<T extends z.ZodType>(schema: T, serverErrors?: Record<string, string>) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);

  const result = schema.safeParse(values);
  const clientErrors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      clientErrors[key] ??= issue.message;
    }
  }

  /** The message to show for a field: the client's once touched, else the server's last answer. */
  function errorOf(name: string): string | undefined {
    if (touched[name] || submitted) return clientErrors[name];
    return serverErrors?.[name];
  }

  return {
    errorOf,
    isValid: result.success,
    fieldProps(name: string) {
      return {
        name,
        onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
          const value = e.currentTarget.value;
          setValues((v) => ({ ...v, [name]: value }));
          setTouched((t) => ({ ...t, [name]: true }));
        },
        onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
          const value = e.currentTarget.value;
          setValues((v) => ({ ...v, [name]: value }));
          if (value !== '') setTouched((t) => ({ ...t, [name]: true }));
        },
      };
    },
    /** Call from onSubmit: blocks a submission the rules already refuse. */
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      const data = Object.fromEntries(
        [...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : '']),
      );
      setValues(data);
      setSubmitted(true);
      if (!schema.safeParse(data).success) event.preventDefault();
    },
  };
}
