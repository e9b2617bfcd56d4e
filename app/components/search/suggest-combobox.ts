import type { Suggestion } from '#common/contracts/suggestion.schema.ts';
import { SUGGESTION_KIND_LABELS, SUGGESTION_MIN_LENGTH } from '#common/contracts/suggestion.values.ts';

/**
 * The behaviour of the search field's suggestions: an ARIA 1.2 combobox (the field keeps the
 * focus; ↑ ↓ move through the list, Enter opens the one chosen or searches what was typed, Escape
 * closes the list; a tap chooses). Loaded when a field is first focused (suggest-input.tsx), so no
 * page downloads it before a reader uses it; it works on the elements the page rendered, which is
 * why it is plain DOM code rather than a React component.
 */

// Typing pauses this long before the box asks (each key would otherwise be a request).
const DEBOUNCE_MS = 150;
// Answers kept on this page, by what was typed (typing back over a word asks nothing again).
const REMEMBERED = 50;
const remembered = new Map<string, Suggestion[]>();

async function fetchSuggestions(query: string, signal: AbortSignal): Promise<Suggestion[]> {
  const known = remembered.get(query);
  if (known) return known;
  const response = await fetch(`/api/v1/public/search/suggestions?${new URLSearchParams({ query })}`, { signal });
  // A refused or failed answer offers nothing: Enter still searches.
  if (!response.ok) return [];
  const items = ((await response.json()) as { data: { items: Suggestion[] } }).data.items;
  if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(query, items);
  return items;
}

export interface SuggestElements {
  input: HTMLInputElement;
  list: HTMLElement;
  status: HTMLElement;
}

/** Makes the field suggest; returns what undoes it (the field's page is left). */
export function attachSuggestions({ input, list, status }: SuggestElements, go: (url: string) => void): () => void {
  let items: Suggestion[] = [];
  let active = -1;
  let open = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;

  function optionId(i: number) {
    return `${list.id}-${i}`;
  }

  function select(i: number) {
    active = i;
    list
      .querySelectorAll('[role="option"]')
      .forEach((option, j) => option.setAttribute('aria-selected', String(j === i)));
    if (open && i >= 0) {
      input.setAttribute('aria-activedescendant', optionId(i));
      list.children[i]?.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }

  function show(next: boolean) {
    open = next && items.length > 0;
    list.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    status.textContent = open ? `${items.length} gợi ý; dùng phím mũi tên để chọn.` : '';
    select(-1);
  }

  function choose(item: Suggestion) {
    if (item.kind === 'query') input.value = item.text;
    show(false);
    go(item.url);
  }

  function render(found: Suggestion[]) {
    items = found;
    list.replaceChildren(
      ...found.map((item, i) => {
        const option = document.createElement('li');
        option.id = optionId(i);
        option.setAttribute('role', 'option');
        option.className = 'suggest-option';
        const text = document.createElement('span');
        text.className = 'suggest-text';
        text.textContent = item.text;
        const kind = document.createElement('span');
        kind.className = 'suggest-kind';
        kind.textContent = SUGGESTION_KIND_LABELS[item.kind];
        option.append(text, kind);
        // The field keeps the focus (a tap would blur it and close the list before the click).
        option.addEventListener('mousedown', (event) => event.preventDefault());
        option.addEventListener('click', () => choose(item));
        return option;
      }),
    );
    show(document.activeElement === input);
  }

  function onInput() {
    clearTimeout(timer);
    controller?.abort();
    const query = input.value.trim();
    if (query.length < SUGGESTION_MIN_LENGTH) return render([]);
    const current = new AbortController();
    controller = current;
    timer = setTimeout(() => {
      fetchSuggestions(query, current.signal).then(render, () => undefined);
    }, DEBOUNCE_MS);
  }

  function onKeyDown(event: KeyboardEvent) {
    const count = items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!open) {
        show(true);
        select(step === 1 ? 0 : count - 1);
      } else {
        // Past either end: back in the field (-1), then round again.
        select(((active + 1 + step + count + 1) % (count + 1)) - 1);
      }
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      choose(items[active]!);
    } else if (event.key === 'Escape' && open) {
      // Closes the list only (a search field would also clear itself).
      event.preventDefault();
      show(false);
    }
  }

  const onBlur = () => show(false);
  const onFocus = () => show(true);
  input.addEventListener('input', onInput);
  input.addEventListener('keydown', onKeyDown);
  input.addEventListener('blur', onBlur);
  input.addEventListener('focus', onFocus);
  // What was typed before this code arrived is answered at once.
  if (input.value !== input.defaultValue) onInput();
  return () => {
    clearTimeout(timer);
    controller?.abort();
    input.removeEventListener('input', onInput);
    input.removeEventListener('keydown', onKeyDown);
    input.removeEventListener('blur', onBlur);
    input.removeEventListener('focus', onFocus);
  };
}
