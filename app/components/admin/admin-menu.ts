import type { MenuLink } from '#app/components/layout/menu.ts';

/** The administration's left menu; moderators see only the moderation entry. */
export const ADMIN_MENU: (MenuLink & { adminOnly: boolean })[] = [
  { label: 'Tổng quan', to: '/quan-tri', adminOnly: true },
  { label: 'Nhập tệp', to: '/quan-tri/nhap', adminOnly: true },
  { label: 'Nhật ký', to: '/quan-tri/nhat-ky', adminOnly: true },
  { label: 'Kiểm duyệt', to: '/quan-tri/kiem-duyet', adminOnly: false },
];
