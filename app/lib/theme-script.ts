// Kept apart from reading-comfort.ts so that every page's root module carries only this string.
export const THEME_KEY = 'phap-bao:theme';
export const LINE_SPACING_KEY = 'phap-bao:line-spacing';

/**
 * The browser's own bars (`<meta name="theme-color">`) in each theme: its `--paper` (app/styles/app.css),
 * so the phone's status bar is the page's colour, dark in the dark theme.
 */
export const THEME_COLORS = { light: '#fbf8f3', sepia: '#f4ecd8', dark: '#1b1815' } as const;

/**
 * Runs inline in <head> before the body (with the response's CSP nonce, app/root.tsx): the stored
 * theme, else the system's dark or light, and the theme's colour for the browser's bars (the
 * `theme-color` meta is above it in <head>); and the stored line spacing (decision 0026).
 */
export const THEME_SCRIPT = `try{var d=document.documentElement,t=localStorage.getItem('${THEME_KEY}'),s=localStorage.getItem('${LINE_SPACING_KEY}');d.dataset.theme=/^(light|sepia|dark)$/.test(t)?t:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';var m=document.querySelector('meta[name=theme-color]');if(m)m.content=${JSON.stringify(THEME_COLORS)}[d.dataset.theme];if(/^(compact|wide)$/.test(s))d.dataset.lineSpacing=s}catch(e){}`;
