// Kept apart from reading-comfort.ts so that every page's root module carries only this string.
export const THEME_KEY = 'phap-bao:theme';
export const LINE_SPACING_KEY = 'phap-bao:line-spacing';

/**
 * Runs inline in <head> before the body (with the response's CSP nonce, app/root.tsx): the stored
 * theme, else the system's dark or light; and the stored line spacing (decision 0026).
 */
export const THEME_SCRIPT = `try{var d=document.documentElement,t=localStorage.getItem('${THEME_KEY}'),s=localStorage.getItem('${LINE_SPACING_KEY}');d.dataset.theme=/^(light|sepia|dark)$/.test(t)?t:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';if(/^(compact|wide)$/.test(s))d.dataset.lineSpacing=s}catch(e){}`;
