import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { User } from '#common/contracts/auth.schema.ts';
import { installApp, useCanInstall } from '#app/lib/install-prompt.ts';
import { ChevronDownIcon, InstallIcon, SearchIcon } from '../ui/icons.tsx';
import { AccountActions } from './account-actions.tsx';
import { Brand } from './brand.tsx';
import type { MenuEntry } from './menu.ts';
import { MenuLinkItem } from './menu-link.tsx';

function MenuGroup({ entry }: { entry: MenuEntry }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.key]);
  return (
    <li
      className="nav-group"
      data-open={open || undefined}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className="nav-item"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((v) => !v)}
      >
        {entry.label}
        <ChevronDownIcon size={16} />
      </button>
      <ul className="nav-dropdown">
        {entry.children!.map((child) => (
          <li key={child.label}>
            <MenuLinkItem link={child} className="nav-dropdown-item" />
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The desktop header (wider than 1024 px): brand, main menu, search and account links, and "Cài
 * ứng dụng" while the browser offers to install the site (decision 0039; the phone menu has its own).
 */
export function SiteHeader({ menu, variant, user }: { menu: MenuEntry[]; variant?: 'letter'; user: User | null }) {
  const canInstall = useCanInstall();
  return (
    <header className="site-header" data-variant={variant}>
      <div className="site-header-inner">
        <Brand />
        <nav aria-label="Menu chính">
          <ul className="nav-list">
            {menu.map((entry) =>
              entry.children ? (
                <MenuGroup key={entry.label} entry={entry} />
              ) : (
                <li key={entry.label}>
                  <NavLink to={entry.to} className="nav-item">
                    {entry.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="header-actions">
          {canInstall ? (
            <button
              type="button"
              className="icon-button header-install"
              aria-label="Cài ứng dụng Pháp Bảo lên máy"
              title="Cài ứng dụng Pháp Bảo lên máy: đọc và nghe cả khi không có mạng"
              onClick={() => void installApp()}
            >
              <InstallIcon size={20} />
            </button>
          ) : null}
          <Link to="/search" className="icon-button" aria-label="Tìm kiếm">
            <SearchIcon size={20} />
          </Link>
          <AccountActions user={user} variant="header" />
        </div>
      </div>
    </header>
  );
}
