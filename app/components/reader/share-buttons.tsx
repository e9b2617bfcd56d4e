import { useEffect, useState } from 'react';
import { showToast } from '#app/lib/toast-store.ts';
import { MailIcon } from '../ui/icons.tsx';
import '#app/styles/share-buttons.css';

/** Links that share a page: Messenger, Zalo, e-mail, and copying the address. */
export function shareLinks(url: string, title: string) {
  const text = `${title} — ${url}`;
  return {
    // Opens the Messenger app on phones with the page to send.
    messenger: `fb-messenger://share/?link=${encodeURIComponent(url)}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(text)}`,
  };
}

async function copy(value: string, done: string) {
  try {
    await navigator.clipboard.writeText(value);
    showToast(done, 'success');
  } catch {
    showToast('Không chép được; hãy chép địa chỉ trên thanh trình duyệt.', 'error');
  }
}

/**
 * Share buttons of a chapter or a published list. Zalo has no share address that works without its SDK (a third-party
 * script): on phones the system share sheet (which lists Zalo) is used; elsewhere the address is
 * copied, ready to paste into Zalo.
 */
export function ShareButtons({
  url,
  title,
  label = 'Chia sẻ chương này',
}: {
  url: string;
  title: string;
  label?: string;
}) {
  const links = shareLinks(url, title);
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator !== 'undefined' && typeof navigator.share === 'function'), []);

  const shareToZalo = async () => {
    if (canShare) {
      try {
        await navigator.share({ title, url });
        return;
      } catch {
        // Cancelled: nothing to do.
        return;
      }
    }
    await copy(url, 'Đã chép liên kết — dán vào Zalo để gửi.');
  };

  return (
    <div className="share-buttons" role="group" aria-label={label} data-testid="share-buttons">
      <span className="share-label">Chia sẻ</span>
      <a className="share-button" href={links.messenger} data-share="messenger">
        Messenger
      </a>
      <button type="button" className="share-button" data-share="zalo" onClick={shareToZalo}>
        Zalo
      </button>
      <a className="share-button" href={links.email} data-share="email">
        <MailIcon size={16} /> Email
      </a>
      <button type="button" className="share-button" data-share="copy" onClick={() => copy(url, 'Đã chép liên kết.')}>
        Chép liên kết
      </button>
    </div>
  );
}
