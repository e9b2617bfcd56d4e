import { useSyncExternalStore } from 'react';

/**
 * The browser's offer to install the site as an app (`beforeinstallprompt`, Chromium's browsers):
 * kept instead of the browser's own banner, and offered in the menu when the reader opens it
 * (decision 0030). Listening starts with this module, which the header loads with the page.
 */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    emit();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while the browser offers to install the site. */
export const useCanInstall = () =>
  useSyncExternalStore(
    subscribe,
    () => offer !== null,
    () => false,
  );

/** Shows the browser's install dialog; an offer is used once, whatever the reader answers. */
export async function installApp(): Promise<void> {
  const asked = offer;
  if (!asked) return;
  offer = null;
  emit();
  await asked.prompt();
  await asked.userChoice.catch(() => undefined);
}
