import { useEffect, useRef, type InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import type * as Combobox from './suggest-combobox.ts';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'role' | 'type' | 'value' | 'onChange'> & { id: string };

let behaviour: Promise<typeof Combobox> | undefined;

/**
 * A search field that suggests titles and frequent searches while the reader types: rendered as
 * an ARIA 1.2 combobox with its (empty) listbox; the behaviour (suggest-combobox.ts) is loaded when
 * a field is first focused, so a page costs a few hundred bytes until a reader uses it
 * (tests/e2e/first-load-js.test.ts). The parent must be `position: relative`: the list hangs below it.
 */
export function SuggestInput({ id, ...inputProps }: Props) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const status = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const field = input.current!;
    let detach: (() => void) | undefined;
    let left = false;
    const start = () => {
      behaviour ??= import('./suggest-combobox.ts');
      void behaviour.then(({ attachSuggestions }) => {
        if (left || detach) return;
        detach = attachSuggestions({ input: field, list: list.current!, status: status.current! }, (url) =>
          navigate(url),
        );
      });
    };
    // Focused before the page came alive (a quick tap), or the code is here already: at once.
    if (behaviour || document.activeElement === field) start();
    else field.addEventListener('focus', start, { once: true });
    return () => {
      left = true;
      field.removeEventListener('focus', start);
      detach?.();
    };
  }, [navigate]);

  const listId = `${id}-goi-y`;
  return (
    <>
      <input
        {...inputProps}
        ref={input}
        id={id}
        // A combobox is a text field (HTML allows the role on type=search only with a `list`); the
        // phone still shows its search keyboard.
        type="text"
        inputMode="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="false"
        aria-controls={listId}
        autoComplete="off"
      />
      <ul ref={list} id={listId} role="listbox" aria-label="Gợi ý" className="suggest-list" hidden />
      <span ref={status} className="visually-hidden" role="status" />
    </>
  );
}
