/**
 * The reader's comfort settings kept on this device and applied to `<html>` for the whole site:
 * the theme (`data-theme`: light, sepia, dark; none stored follows the system) and the chapter's
 * line spacing (`data-line-spacing`). THEME_SCRIPT applies them in <head> before the first paint
 * (app/root.tsx), so no page flashes light before turning dark; the panels change them later.
 */

export const THEMES = ['light', 'sepia', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_LABELS: Record<Theme | 'system', string> = {
  system: 'Theo máy',
  light: 'Sáng',
  sepia: 'Giấy ngà',
  dark: 'Tối',
};

export const LINE_SPACINGS = ['compact', 'normal', 'wide'] as const;
export type LineSpacing = (typeof LINE_SPACINGS)[number];
export const LINE_SPACING_LABELS: Record<LineSpacing, string> = { compact: 'Hẹp', normal: 'Vừa', wide: 'Rộng' };

const THEME_KEY = 'phap-bao:theme';
const LINE_SPACING_KEY = 'phap-bao:line-spacing';
export const WAKE_LOCK_KEY = 'phap-bao:keep-awake';

/**
 * Runs inline before the body (with the response's CSP nonce): the stored theme, else the system's
 * dark or light; and the stored line spacing. Kept tiny and free of imports.
 */
export const THEME_SCRIPT = `try{var d=document.documentElement,t=localStorage.getItem('${THEME_KEY}'),s=localStorage.getItem('${LINE_SPACING_KEY}');d.dataset.theme=/^(light|sepia|dark)$/.test(t)?t:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';if(/^(compact|wide)$/.test(s))d.dataset.lineSpacing=s}catch(e){}`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // No storage (private mode): the choice lasts until the page is left.
  }
}

/** The theme chosen on this device, or 'system'. */
export function storedTheme(): Theme | 'system' {
  const t = read(THEME_KEY);
  return (THEMES as readonly string[]).includes(t ?? '') ? (t as Theme) : 'system';
}

export function systemTheme(): Theme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(choice: Theme | 'system') {
  write(THEME_KEY, choice === 'system' ? null : choice);
  document.documentElement.dataset.theme = choice === 'system' ? systemTheme() : choice;
}

export function storedLineSpacing(): LineSpacing {
  const s = read(LINE_SPACING_KEY);
  return (LINE_SPACINGS as readonly string[]).includes(s ?? '') ? (s as LineSpacing) : 'normal';
}

export function applyLineSpacing(spacing: LineSpacing) {
  write(LINE_SPACING_KEY, spacing === 'normal' ? null : spacing);
  if (spacing === 'normal') delete document.documentElement.dataset.lineSpacing;
  else document.documentElement.dataset.lineSpacing = spacing;
}

export function storedKeepAwake(): boolean {
  return read(WAKE_LOCK_KEY) === '1';
}

export function saveKeepAwake(on: boolean) {
  write(WAKE_LOCK_KEY, on ? '1' : null);
}
