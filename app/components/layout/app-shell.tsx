import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { reloadAfterChunkError } from '#app/lib/chunk-reload.ts';
import { useCurrentUser, useLayoutData } from '#app/lib/layout-data.ts';
import { useMergeDeviceHistory } from '#app/lib/use-merge-device-history.ts';
import { HydrateLater } from '../ui/hydrate-later.tsx';
import { LoadingBar } from '../ui/loading-bar.tsx';
import { OfflineFlag } from '../ui/offline-flag.tsx';
import { ScrollToTop } from '../ui/scroll-to-top.tsx';
import { SlowPart } from '../ui/slow-part.tsx';
import { Toaster } from '../ui/toaster.tsx';
import type { BodyLimitKind } from '#common/body-limits.ts';
import { BottomBar } from './bottom-bar.tsx';
import { buildMainMenu, EMPTY_COUNTS, NO_SITE_LINKS } from './menu.ts';
import { MobileHeader } from './mobile-header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * What a route module may say in its `handle`: another header style (the open letter), or how big
 * its posts may be (read on the server by server/http/body-limits.ts).
 */
export interface RouteHandle {
  headerVariant?: 'letter';
  bodyLimit?: BodyLimitKind;
}

function useHeaderVariant(): 'letter' | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle?.headerVariant) return handle.headerVariant;
  }
  return undefined;
}

/** The frame of every page: loading bar, headers, main content, footer, bottom bar and helpers. */
export function AppShell({ children, className }: { children: React.ReactNode; className?: string }) {
  const layout = useLayoutData();
  const user = useCurrentUser();
  useMergeDeviceHistory(user !== null);
  const variant = useHeaderVariant();
  const menu = buildMainMenu(layout?.counts ?? EMPTY_COUNTS, layout?.links ?? NO_SITE_LINKS);

  useEffect(() => {
    // Vite fires this when a lazily loaded route module cannot be fetched (after a deploy). Offline
    // the chunk is simply out of reach, and a reload would lose the page: the caller handles it.
    const onPreloadError = (event: Event) => {
      if (navigator.onLine && reloadAfterChunkError()) event.preventDefault();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);

  // The frame too hydrates in a task after the document's (the root layout's head and scripts),
  // its own parts later still: no task hydrates more than a slice of the page.
  return (
    <HydrateLater>
      <div className={`app-shell ${className ?? ''}`} data-header={variant}>
        <a className="skip-link" href="#main">
          Chuyển đến nội dung chính
        </a>
        <LoadingBar />
        {/* Hidden on phones; the footer and bottom bar are not touched in the first instants either. */}
        <HydrateLater>
          <SiteHeader menu={menu} variant={variant} user={user} />
        </HydrateLater>
        <MobileHeader menu={menu} variant={variant} user={user} />
        <OfflineFlag />
        {/* tabIndex: the skip link moves the keyboard focus here, not only the scroll position.
          Its own task too: the frame above is hydrated first, the page's content right after. */}
        <HydrateLater>
          <main id="main" className="site-main" tabIndex={-1}>
            {children}
          </main>
        </HydrateLater>
        {layout === null ? <SlowPart className="page-width" /> : null}
        <HydrateLater>
          <SiteFooter quote={layout?.footerQuote ?? null} links={layout?.links ?? null} />
        </HydrateLater>
        <HydrateLater>
          <BottomBar />
        </HydrateLater>
        <ScrollToTop />
        <Toaster />
      </div>
    </HydrateLater>
  );
}
