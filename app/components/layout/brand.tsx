import { Link } from 'react-router';
import { SITE_NAME, SITE_TAGLINE } from '#common/constants.ts';
import { LotusIcon } from '../ui/icons.tsx';

export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    // No aria-label: the link's name is its visible words (WCAG 2.5.3), then where it leads.
    <Link to="/" className="brand">
      <span className="brand-mark">
        <LotusIcon size={compact ? 26 : 30} />
      </span>
      <span className="brand-text">
        <span className="brand-name">{SITE_NAME}</span>
        {compact ? null : <span className="brand-tagline">{SITE_TAGLINE}</span>}
      </span>
      <span className="visually-hidden"> — trang chủ</span>
    </Link>
  );
}
