import { NavLink } from 'react-router';
import { HomeIcon, LibraryIcon, QuoteIcon, SearchIcon, UserIcon, VideoIcon } from '../ui/icons.tsx';
import { BOOK_LIBRARY_PATH } from './menu.ts';

const ITEMS = [
  { label: 'Trang chủ', to: '/', Icon: HomeIcon },
  { label: 'Tìm kiếm', to: '/search', Icon: SearchIcon },
  { label: 'Thư viện', to: BOOK_LIBRARY_PATH, Icon: LibraryIcon },
  { label: 'Video', to: '/videos', Icon: VideoIcon },
  { label: 'Trích dẫn', to: '/danh-sach', Icon: QuoteIcon },
  { label: 'Tài khoản', to: '/profile', Icon: UserIcon },
];

/** The bottom bar of phones and tablets (1024 px or less): Home, Search, Library, Video, Quotes, Account. */
export function BottomBar() {
  return (
    <nav className="bottom-bar" aria-label="Thanh điều hướng dưới">
      {ITEMS.map(({ label, to, Icon }) => (
        <NavLink key={label} to={to} end={to === '/'} className="bottom-bar-item">
          <Icon size={22} />
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
