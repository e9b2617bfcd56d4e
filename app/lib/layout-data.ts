import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root.tsx';

/** The root loader's data (menu badges, footer quote, links); undefined if the root loader failed. */
export function useLayoutData() {
  return useRouteLoaderData<typeof rootLoader>('root')?.layout;
}

/** The logged-in reader, or null. */
export function useCurrentUser() {
  return useRouteLoaderData<typeof rootLoader>('root')?.user ?? null;
}
