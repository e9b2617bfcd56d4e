import { type ReactNode, Suspense, useState } from 'react';

/**
 * Hydrates a part of the page in a later task of its own (decision 0034).
 *
 * Preact hydrates the whole document in one task; on a phone every millisecond of it is one the
 * reader's tap waits. Parts that nobody touches in the first instants (the desktop header, hidden on
 * phones; the footer; the bottom bar) suspend during hydration only: Preact keeps their server HTML
 * as it is, finishes the rest, and resumes each of them in its own later task. On the server and in
 * every later render (client-side navigation) they render at once.
 *
 * The wrapped element must render exactly one root element (Preact keeps one node for a suspended part).
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const [gate] = useState(openGate);
  // On the server, no Suspense boundary: React would write its markers and, for boundaries it
  // outlines, move the part into place with an inline script while the page is parsed. The
  // browser's Suspense (Preact) needs neither: it keeps the part's one root element.
  if (typeof document === 'undefined') return children;
  return (
    <Suspense fallback={null}>
      <Gate gate={gate}>{children}</Gate>
    </Suspense>
  );
}

interface GateState {
  open: boolean;
  opened: Promise<void> | null;
}

function Gate({ gate, children }: { gate: GateState; children: ReactNode }) {
  if (!gate.open && gate.opened) throw gate.opened;
  return children;
}

/** Open on the server and after the first hydration; otherwise opens in its turn, one part per task. */
function openGate(): GateState {
  if (typeof document === 'undefined' || document.documentElement.hasAttribute('data-hydrated')) {
    return { open: true, opened: null };
  }
  const gate: GateState = { open: false, opened: null };
  gate.opened = new Promise<void>((resolve) => {
    waiting.push(() => {
      gate.open = true;
      resolve();
    });
    if (waiting.length === 1) setTimeout(openNext, 0);
  });
  return gate;
}

const waiting: Array<() => void> = [];
const whenDone: Array<() => void> = [];

function openNext(): void {
  waiting.shift()?.();
  if (waiting.length > 0) setTimeout(openNext, 0);
  // The part opened above hydrates in this task's microtasks: "done" is said in the next task.
  else setTimeout(sayDone, 0);
}

function sayDone(): void {
  if (waiting.length > 0) return;
  for (const callback of whenDone.splice(0)) callback();
}

/** Calls back once every part the first hydration deferred has been hydrated too. */
export function afterDeferredParts(callback: () => void): void {
  whenDone.push(callback);
  if (waiting.length === 0) setTimeout(sayDone, 0);
}
