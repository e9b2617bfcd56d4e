import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { hydrateDocumentWithPreact } from './lib/preact-document.ts';

// React Router's default browser entry, except that it waits for the page's loader data first.
// HydratedRouter's first render suspends (throws a promise) until React Router has decoded the data
// embedded in the page: React waits at its root and keeps the server's HTML; Preact, which renders in
// the browser (docs/decisions/0016-first-load-javascript.md), has no root to wait at and would throw
// the page away. Calling the component once starts that decoding and hands us the promise; it
// throws before its first hook, so it is safe outside a render.
async function pageDataDecoded(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
    // Anything else is thrown again by the real render below, where the error page handles it.
  }
}

hydrateDocumentWithPreact();

void pageDataDecoded().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
