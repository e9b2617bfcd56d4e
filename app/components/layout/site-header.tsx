import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ChevronDownIcon, SearchIcon } from '../ui/icons.tsx';
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

/** The desktop header (wider than 1024 px): brand, main menu, search and account links. */
export function SiteHeader({ menu, variant }: { menu: MenuEntry[]; variant?: 'letter' }) {
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
          <Link to="/search" className="icon-button" aria-label="Tìm kiếm">
            <SearchIcon size={20} />
          </Link>
          <Link to="/login" className="button button-ghost">
            Đăng nhập
          </Link>
          <Link to="/register" className="button button-primary">
            Đăng ký
          </Link>
        </div>
      </div>
    </header>
  );
}
