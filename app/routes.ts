import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/**
 * Every route of product spec §2, each a lazily loaded module. Three layouts: the default one,
 * the profile layout (left menu) and the note-group layout (sidebar image on desktop).
 */
export default [
  // No page: the reader's position and merged device history are posted here in the background.
  route('reading-progress', 'routes/resources/reading-progress.ts'),
  // Writes made offline (highlights), sent when the network returns (decision 0030).
  route('ghi-ngoai-tuyen', 'routes/resources/offline-writes.ts'),
  // The other passages of one search result ("Xem thêm N đoạn" on /search), as JSON.
  route('search/doan', 'routes/resources/search-passages.ts'),
  // "Add to playlist" from any list of talks.
  route('playlist-items', 'routes/resources/playlist-items.ts'),
  // A note group as a PDF download (the page's "Tải PDF"), beside the layout's `profile/note-group/:id?`.
  route('profile/note-group/:id/pdf', 'routes/resources/note-group-pdf.ts'),
  // The reader's notes as a file (the export page's "Tải tệp").
  route('profile/note-export/file', 'routes/resources/note-export-file.ts'),
  // The chapter editor's live preview (Markdown → the HTML that would be stored), admins only.
  route('quan-tri/xem-truoc-markdown', 'routes/resources/admin-markdown-preview.ts'),
  // The administration's uploads of talks and videos (XMLHttpRequest with progress; JSON answers).
  route('quan-tri/phap-am/tai-len', 'routes/resources/admin-talk-upload.ts'),
  route('quan-tri/video/tai-len', 'routes/resources/admin-video-upload.ts'),
  layout('routes/layouts/default-layout.tsx', [
    index('routes/home.tsx'),
    route('404', 'routes/not-found.tsx', { id: 'not-found-page' }),
    route('search', 'routes/search/search.tsx'),
    route('thu-vien', 'routes/library/library.tsx'),
    route('sach', 'routes/books/books.tsx'),
    route('sach/BookSearchBox', 'routes/books/book-search-box.tsx'),
    route('sach/:id', 'routes/books/book.tsx'),
    route('phap-am/:id?', 'routes/audio/audio.tsx'),
    route('videos', 'routes/videos/videos.tsx'),
    route('tong-hop/:id?', 'routes/compilations/compilations.tsx'),
    route('danh-sach', 'routes/lists/lists.tsx'),
    route('danh-sach/:userName?/:id', 'routes/lists/list-detail.tsx'),
    route('tin-tuc/danh-muc/:slug', 'routes/news/news-category.tsx'),
    route('tin-tuc/:id?', 'routes/news/news.tsx'),
    route('bai-viet/huong-dan', 'routes/articles/guide.tsx'),
    route('bai-viet/thu-ngo', 'routes/articles/open-letter.tsx'),
    route('bai-viet/tim-kiem-nhieu', 'routes/articles/most-searched.tsx'),
    route('noi-dung-dang-kiem-duyet', 'routes/moderation-notice.tsx'),
    route('login', 'routes/auth/login.tsx'),
    route('register', 'routes/auth/register.tsx'),
    route('quen-mat-khau', 'routes/auth/forgot-password.tsx'),
    route('dat-lai-mat-khau', 'routes/auth/reset-password.tsx'),
    route('logout', 'routes/auth/logout.tsx'),
    // Offline reading (decision 0025): the page for what was not downloaded, and the downloads.
    route('ngoai-tuyen', 'routes/offline/offline-page.tsx'),
    route('tai-ve', 'routes/offline/downloads.tsx'),
    route(':chapterCode/:parentDocSlug?', 'routes/books/chapter.tsx'),
    route('*', 'routes/not-found.tsx', { id: 'not-found-catch-all' }),
  ]),
  layout('routes/layouts/profile-layout.tsx', [
    route('profile', 'routes/profile/profile.tsx'),
    route('profile/reading-history', 'routes/profile/reading-history.tsx'),
    route('profile/playlist', 'routes/profile/playlists.tsx'),
    route('profile/playlist/edit/:id?', 'routes/profile/playlist-edit.tsx'),
    route('profile/playlist/:id', 'routes/profile/playlist.tsx'),
    route('profile/reading-list', 'routes/profile/reading-list.tsx'),
    route('profile/note-export', 'routes/profile/note-export.tsx'),
    route('profile/search-collection', 'routes/profile/search-collection.tsx'),
    route('profile/correction', 'routes/profile/corrections.tsx'),
    route('profile/moderation', 'routes/profile/moderation.tsx'),
  ]),
  // The administration (admins; moderators see only the moderation page).
  layout('routes/admin/admin-layout.tsx', [
    route('quan-tri', 'routes/admin/dashboard.tsx'),
    route('quan-tri/nhap', 'routes/admin/import.tsx'),
    route('quan-tri/nhat-ky', 'routes/admin/audit.tsx'),
    route('quan-tri/phap-am', 'routes/admin/talks.tsx'),
    route('quan-tri/phap-am/:collectionId', 'routes/admin/talk-collection.tsx'),
    route('quan-tri/video', 'routes/admin/videos.tsx'),
    route('quan-tri/sach', 'routes/admin/books.tsx'),
    route('quan-tri/sach/moi', 'routes/admin/book-new.tsx'),
    route('quan-tri/sach/:id', 'routes/admin/book-edit.tsx'),
    route('quan-tri/sach/:id/chuong/:chapterId?', 'routes/admin/chapter-edit.tsx'),
    route('quan-tri/trang-chu', 'routes/admin/site-lists.tsx'),
    route('quan-tri/tu-dien', 'routes/admin/dictionaries.tsx'),
    route('quan-tri/bai-viet', 'routes/admin/articles.tsx'),
    route('quan-tri/tong-hop', 'routes/admin/compilations.tsx'),
    route('quan-tri/tong-hop/moi', 'routes/admin/compilation-edit.tsx', { id: 'admin-compilation-new' }),
    route('quan-tri/tong-hop/:id', 'routes/admin/compilation-edit.tsx'),
    route('quan-tri/bai-viet/moi', 'routes/admin/article-edit.tsx', { id: 'admin-article-new' }),
    route('quan-tri/bai-viet/:id', 'routes/admin/article-edit.tsx'),
    route('quan-tri/kiem-duyet', 'routes/profile/moderation.tsx', { id: 'admin-moderation' }),
  ]),
  layout('routes/layouts/note-group-layout.tsx', [route('profile/note-group/:id?', 'routes/profile/note-groups.tsx')]),
] satisfies RouteConfig;
