import { useLocation } from 'react-router';

export const SLOW_PART_TEXT = 'Phần này tải chậm.';

/**
 * In place of a part of the page whose data did not come within its budget (app/lib/budget.server.ts):
 * says so and offers to load the page again (a plain link: it works before hydration too).
 */
export function SlowPart({ className }: { className?: string }) {
  const location = useLocation();
  return (
    <p className={`slow-part ${className ?? ''}`} role="status" data-degraded="true">
      {SLOW_PART_TEXT} <a href={`${location.pathname}${location.search}`}>Thử lại</a>
    </p>
  );
}
