import { GlobalPlayer } from '#app/components/audio/global-player.tsx';
import notoSerif400 from './fonts/noto-serif-400-normal.woff2?url';
import notoSerif600 from './fonts/noto-serif-600-normal.woff2?url';
import './styles/fonts.css';
import './styles/app.css';
// In the site's stylesheet, not a route's: search is on five kinds of page (the search page, books,
// chapters, saved and most-searched searches), and one stylesheet less delays the first paint less.
import './styles/search.css';
import { useEffect } from 'react';
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useMatches,
} from 'react-router';
import { SITE_DESCRIPTION, SITE_NAME, SITE_TAGLINE } from '#common/constants.ts';
import type { Route } from './+types/root';
import { describeError, ErrorPage } from './components/layout/error-page.tsx';
import { ScrollToHash } from './components/layout/scroll-to-hash.tsx';
import { clearedSessionCookie, getCurrentUser, hasMalformedSessionCookie } from './lib/session.server.ts';
import { useNonce } from './lib/nonce.tsx';
import { withBudget } from './lib/budget.server.ts';
import { THEME_COLORS, THEME_SCRIPT } from './lib/theme-script.ts';
import { afterDeferredParts } from './components/ui/hydrate-later.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  // The frame's menu badges and footer quote are secondary: without them in time, the frame shows a retry.
  const [frame, user] = await Promise.all([
    withBudget(context, context.services.site.getLayoutData()),
    getCurrentUser(request, context),
  ]);
  const layout = frame.ok ? frame.value : null;
  // A session cookie that does not decode counts as none; clearing it spares the next requests.
  if (hasMalformedSessionCookie(request)) {
    return data({ layout, user }, { headers: { 'Set-Cookie': clearedSessionCookie(request) } });
  }
  return { layout, user };
}

// The footer quote and menu badges need not change on every client-side navigation; a form
// (login, logout, profile changes) revalidates, so the header follows the session.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

// The reading font's upright text and heading weights (39 KB) are fetched with the CSS rather than
// after it, so the first paint has them on a fast connection; italics arrive when used (app/styles/fonts.css).
const preloadFont = (href: string) =>
  ({ rel: 'preload', href, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' }) as const;

export const links: Route.LinksFunction = () => [
  preloadFont(notoSerif400),
  preloadFont(notoSerif600),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
  { rel: 'manifest', href: '/site.webmanifest' },
];

// A route's meta replaces this one; routes without their own keep the site's title and description.
// An error page (a layout's or this one's boundary) is titled by its Vietnamese heading.
export function meta({ error }: Route.MetaArgs) {
  if (error) {
    return [{ title: `${describeError(error).heading} — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
  }
  return [{ title: `${SITE_NAME} — ${SITE_TAGLINE}` }, { name: 'description', content: SITE_DESCRIPTION }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // A page whose route says `handle = { scripts: false }` (the offline page, decision 0025) is HTML alone.
  const scripts = !useMatches().some((m) => (m.handle as { scripts?: boolean } | undefined)?.scripts === false);
  return (
    // The theme script below sets data-theme (and data-line-spacing) before React or Preact runs.
    <html lang="vi" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* Light here; the theme script right below sets the reader's theme's colour. */}
        <meta name="theme-color" content={THEME_COLORS.light} />
        {/* The reader's theme before the first paint (app/lib/theme-script.ts, decision 0026). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <Meta />
        {/* Stylesheet and preload links need no nonce; an empty one keeps server and browser HTML identical. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            {/* The page's scripts come from the server alone. In the browser, React Router's <Scripts>
                renders its modulepreload links once more during hydration, which Preact would add
                to <body> (and then keep: nothing re-renders the document); after hydration it
                renders nothing anyway. */}
            {typeof document === 'undefined' ? <Scripts nonce={nonce} /> : null}
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  // Says the browser render has taken over the server's HTML, the parts hydrated later included
  // (browser tests and bench/ wait for it).
  useEffect(() => {
    afterDeferredParts(() => {
      document.documentElement.dataset.hydrated = '';
    });
  }, []);
  return (
    <>
      <Outlet />
      {/* Outside the layouts, so a talk keeps playing from page to page. */}
      <GlobalPlayer />
      <ScrollToHash />
    </>
  );
}

/** Errors that escape every layout (the root loader failing, for example). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="error-shell">
      <ErrorPage error={error} />
    </main>
  );
}
