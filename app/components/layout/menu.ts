import { AUDIO_LIBRARY_PAGE_SIZE, BOOK_LIBRARY_PAGE_SIZE } from '#common/constants.ts';
import type { ContentCounts } from '#common/contracts/content.schema.ts';
import type { SiteLinks } from '#common/contracts/site.schema.ts';

/** One entry of a menu: an internal path, or an external address (opened in a new tab). */
export interface MenuLink {
  label: string;
  to: string;
  external?: boolean;
  badge?: number;
  /** What the badge counts, read after the number by screen readers ("cuốn sách"). */
  badgeUnit?: string;
  /** Only shown to readers who are logged in. */
  requiresLogin?: boolean;
  /** Only shown to moderators and admins. */
  forModerators?: boolean;
}

export interface MenuEntry extends MenuLink {
  children?: MenuLink[];
}

export const BOOK_LIBRARY_PATH = `/thu-vien?loai=book&size=${BOOK_LIBRARY_PAGE_SIZE}&page=1`;
export const AUDIO_LIBRARY_PATH = `/thu-vien?loai=phap-am&page=1&size=${AUDIO_LIBRARY_PAGE_SIZE}`;

/** Used when the layout data could not be loaded (the error page still needs a menu). */
export const EMPTY_COUNTS: ContentCounts = { books: 0, talks: 0, videos: 0, compilations: 0, articles: 0 };
export const NO_SITE_LINKS: SiteLinks = {
  dictionaryUrl: null,
  monasteryUrl: null,
  contactEmail: null,
  contactPhone: null,
  contactAddress: null,
  facebookUrl: null,
  youtubeUrl: null,
  feedbackUrl: null,
  bugReportUrl: null,
  translatorFormUrl: null,
};

function withoutMissing(links: (MenuLink | null)[]): MenuLink[] {
  return links.filter((l): l is MenuLink => l !== null);
}

/** The main menu of product spec §2, with badges counted from the database. */
export function buildMainMenu(counts: ContentCounts, links: SiteLinks): MenuEntry[] {
  return [
    { label: 'Tìm kiếm', to: '/search' },
    {
      label: 'Thư viện',
      to: BOOK_LIBRARY_PATH,
      children: withoutMissing([
        { label: 'Sách', to: BOOK_LIBRARY_PATH, badge: counts.books, badgeUnit: 'cuốn sách' },
        { label: 'Pháp âm', to: AUDIO_LIBRARY_PATH, badge: counts.talks, badgeUnit: 'bài pháp âm' },
        { label: 'Video', to: '/videos', badge: counts.videos, badgeUnit: 'video' },
        { label: 'Tổng hợp', to: '/tong-hop', badge: counts.compilations, badgeUnit: 'tuyển tập' },
        { label: 'Tìm kiếm nhiều', to: '/bai-viet/tim-kiem-nhieu' },
        links.dictionaryUrl ? { label: 'Từ điển Phật học', to: links.dictionaryUrl, external: true } : null,
        { label: 'Lịch sử đọc', to: '/profile/reading-history' },
      ]),
    },
    { label: 'Trích dẫn', to: '/danh-sach' },
    { label: 'Tin tức', to: '/tin-tuc' },
    {
      label: 'Giới thiệu',
      to: '/bai-viet/thu-ngo',
      children: withoutMissing([
        { label: 'Thư ngỏ', to: '/bai-viet/thu-ngo' },
        links.monasteryUrl ? { label: 'Trang nhà tu viện', to: links.monasteryUrl, external: true } : null,
        { label: 'Hướng dẫn sử dụng', to: '/bai-viet/huong-dan' },
      ]),
    },
  ];
}

/** The profile layout's left menu; personal collections appear only when logged in. */
export const PROFILE_MENU: MenuLink[] = [
  { label: 'Tài khoản', to: '/profile' },
  { label: 'Lịch sử đọc', to: '/profile/reading-history' },
  { label: 'Danh sách phát', to: '/profile/playlist', requiresLogin: true },
  { label: 'Nhóm ghi chú', to: '/profile/note-group', requiresLogin: true },
  { label: 'Sách đã lưu', to: '/profile/reading-list', requiresLogin: true },
  { label: 'Xuất, nhập ghi chú', to: '/profile/note-export', requiresLogin: true },
  { label: 'Tìm kiếm đã lưu', to: '/profile/search-collection', requiresLogin: true },
  { label: 'Góp ý sửa lỗi của tôi', to: '/profile/correction', requiresLogin: true },
  { label: 'Kiểm duyệt', to: '/profile/moderation', requiresLogin: true, forModerators: true },
  { label: 'Quản trị thư viện', to: '/quan-tri', requiresLogin: true, forModerators: true },
];
