import { NavLink } from 'react-router';
import { ExternalIcon } from '../ui/icons.tsx';
import type { MenuLink } from './menu.ts';

// Entries that are active on their own page only, not on the pages under them.
const EXACT_PATHS = new Set(['/', '/profile', '/quan-tri']);

/** A menu entry: a NavLink for our pages, a plain link (new tab) for other sites. */
export function MenuLinkItem({
  link,
  className,
  onNavigate,
}: {
  link: MenuLink;
  className?: string;
  onNavigate?: () => void;
}) {
  // The count is read as words ("9 cuốn sách"); the pill shows the number alone.
  const badge = link.badge ? (
    <>
      <span className="menu-badge" aria-hidden="true">
        {link.badge}
      </span>
      <span className="visually-hidden">
        {' '}
        ({link.badge} {link.badgeUnit ?? 'mục'})
      </span>
    </>
  ) : null;
  if (link.external) {
    return (
      <a className={className} href={link.to} target="_blank" rel="noopener noreferrer">
        <span>{link.label}</span>
        <ExternalIcon size={14} className="menu-external" />
      </a>
    );
  }
  return (
    <NavLink className={className} to={link.to} onClick={onNavigate} end={EXACT_PATHS.has(link.to)}>
      <span>{link.label}</span>
      {badge}
    </NavLink>
  );
}
