import { LINE_SPACING_KEY, THEME_COLORS, THEME_KEY } from './theme-script.ts';

/**
 * The reader's comfort settings kept on this device and applied to `<html>` for the whole site:
 * the theme (`data-theme`: light, sepia, dark; none stored follows the system) and the chapter's
 * line spacing (`data-line-spacing`). THEME_SCRIPT (theme-script.ts) applies them in <head> before
 * the first paint (app/root.tsx), so no page flashes light before turning dark; the panels change
 * them later.
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
  const theme = choice === 'system' ? systemTheme() : choice;
  document.documentElement.dataset.theme = theme;
  // The browser's bars follow, as the theme script does on every page's load.
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
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
