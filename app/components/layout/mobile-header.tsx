import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { User } from '#common/contracts/auth.schema.ts';
import { installApp, useCanInstall } from '#app/lib/install-prompt.ts';
import { HydrateLater } from '../ui/hydrate-later.tsx';
import { CloseIcon, MenuIcon } from '../ui/icons.tsx';
import { AccountActions } from './account-actions.tsx';
import { Brand } from './brand.tsx';
import type { MenuEntry } from './menu.ts';
import { MenuLinkItem } from './menu-link.tsx';

/** The header at 1024 px or less: brand and a menu button opening a drawer that closes on navigation. */
export function MobileHeader({ menu, variant, user }: { menu: MenuEntry[]; variant?: 'letter'; user: User | null }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    document.documentElement.classList.toggle('menu-open', open);
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  // The drawer sits beside the header, not inside it: the header's backdrop-filter would make it
  // the drawer's containing block and clip the fixed drawer to the header's 60 px.
  return (
    <>
      <header className="mobile-header" data-variant={variant}>
        <Brand compact />
        <button
          type="button"
          className="icon-button"
          aria-label={open ? 'Đóng menu' : 'Mở menu'}
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
      </header>
      {/* Closed until a tap, and most of the header's links: hydrated in a task of its own. */}
      <HydrateLater>
        <MobileMenuDrawer menu={menu} user={user} open={open} onClose={() => setOpen(false)} />
      </HydrateLater>
    </>
  );
}

/** The drawer and its backdrop, in one box-less wrapper (HydrateLater keeps one root element). */
function MobileMenuDrawer({
  menu,
  user,
  open,
  onClose,
}: {
  menu: MenuEntry[];
  user: User | null;
  open: boolean;
  onClose: () => void;
}) {
  const canInstall = useCanInstall();
  return (
    <div className="mobile-menu-layer">
      <div className="mobile-menu-backdrop" hidden={!open} onClick={onClose} />
      <nav id="mobile-menu" className="mobile-menu" aria-label="Menu" hidden={!open}>
        {canInstall ? (
          <button type="button" className="mobile-menu-item mobile-menu-install" onClick={() => void installApp()}>
            Cài ứng dụng Pháp Bảo lên máy
          </button>
        ) : null}
        <ul>
          {menu.map((entry) => (
            <li key={entry.label}>
              {entry.children ? (
                <>
                  <p className="mobile-menu-heading">{entry.label}</p>
                  <ul className="mobile-menu-children">
                    {entry.children.map((child) => (
                      <li key={child.label}>
                        <MenuLinkItem link={child} className="mobile-menu-item" />
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <MenuLinkItem link={entry} className="mobile-menu-item mobile-menu-top" />
              )}
            </li>
          ))}
        </ul>
        <div className="mobile-menu-account">
          <AccountActions user={user} variant="drawer" />
        </div>
      </nav>
    </div>
  );
}
