import { GlobalPlayer } from '#app/components/audio/global-player.tsx';
import '@fontsource/be-vietnam-pro/400.css';
import '@fontsource/be-vietnam-pro/500.css';
import '@fontsource/be-vietnam-pro/600.css';
import '@fontsource-variable/noto-serif/index.css';
import '@fontsource-variable/noto-serif/wght-italic.css';
import './styles/app.css';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction } from 'react-router';
import { SITE_DESCRIPTION, SITE_NAME, SITE_TAGLINE } from '#common/constants.ts';
import type { Route } from './+types/root';
import { ErrorPage } from './components/layout/error-page.tsx';
import { getCurrentUser } from './lib/session.server.ts';
import { useNonce } from './lib/nonce.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const [layout, user] = await Promise.all([context.services.site.getLayoutData(), getCurrentUser(request, context)]);
  return { layout, user };
}

// The footer quote and menu badges need not change on every client-side navigation; a form
// (login, logout, profile changes) revalidates, so the header follows the session.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/site.webmanifest' },
];

// A route's meta replaces this one; routes without their own keep the site's title and description.
export function meta() {
  return [{ title: `${SITE_NAME} — ${SITE_TAGLINE}` }, { name: 'description', content: SITE_DESCRIPTION }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="vi">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#fbf8f3" />
        <Meta />
        {/* Stylesheet and preload links need no nonce; an empty one keeps server and browser HTML identical. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      {/* Outside the layouts, so a talk keeps playing from page to page. */}
      <GlobalPlayer />
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
