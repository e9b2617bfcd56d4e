import type { MenuLink } from '#app/components/layout/menu.ts';

/** The administration's left menu; moderators see only the moderation entry. */
export const ADMIN_MENU: (MenuLink & { adminOnly: boolean })[] = [
  { label: 'Tổng quan', to: '/quan-tri', adminOnly: true },
  { label: 'Kinh sách', to: '/quan-tri/sach', adminOnly: true },
  { label: 'Pháp âm', to: '/quan-tri/phap-am', adminOnly: true },
  { label: 'Video', to: '/quan-tri/video', adminOnly: true },
  { label: 'Nhập tệp', to: '/quan-tri/nhap', adminOnly: true },
  { label: 'Bài viết', to: '/quan-tri/bai-viet', adminOnly: true },
  { label: 'Tổng hợp', to: '/quan-tri/tong-hop', adminOnly: true },
  { label: 'Từ khoá và lời trích', to: '/quan-tri/trang-chu', adminOnly: true },
  { label: 'Từ điển', to: '/quan-tri/tu-dien', adminOnly: true },
  { label: 'Nhật ký', to: '/quan-tri/nhat-ky', adminOnly: true },
  { label: 'Kiểm duyệt', to: '/quan-tri/kiem-duyet', adminOnly: false },
];
