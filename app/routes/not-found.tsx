import { data } from 'react-router';

/** /404 and every unknown path: the layout's error page shows "This page could not be found" with status 404. */
export function loader() {
  throw data('Not Found', { status: 404 });
}

export default function NotFound() {
  return null;
}
