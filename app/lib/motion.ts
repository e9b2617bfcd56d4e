/**
 * 'smooth' unless the reader asked the system for less motion. A scroll called from script with
 * behavior 'smooth' ignores the CSS rule of app/styles/app.css, so scripts ask here.
 */
export function scrollBehavior(): ScrollBehavior {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    ? 'auto'
    : 'smooth';
}
