import { useEffect, useRef, useState } from 'react';
import { hasOptedIntoOffline } from '#app/lib/offline-opt-in.ts';
import { showToast } from '#app/lib/toast-store.ts';
import { OfflineIcon } from './icons.tsx';

/**
 * A flag while the browser is offline, saying what still works (decisions 0030, 0039), and a notice
 * when the connection comes back.
 */
export function OfflineFlag() {
  const [offline, setOffline] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const wasOffline = useRef(false);
  useEffect(() => {
    const update = () => {
      const nowOffline = !navigator.onLine;
      setOffline(nowOffline);
      // Every reader's worker answers with the offline page; downloads only on a device that downloaded.
      setDownloaded(hasOptedIntoOffline());
      if (wasOffline.current && !nowOffline) showToast('Đã kết nối mạng trở lại.', 'success');
      wasOffline.current = nowOffline;
    };
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  if (!offline) return null;
  return (
    <div className="offline-flag" role="status" data-testid="offline-flag">
      <OfflineIcon size={18} />
      <span>
        Bạn đang ngoại tuyến —{' '}
        {downloaded ? (
          <>
            đọc, nghe sách và pháp âm <a href="/tai-ve">đã tải về</a>; ghi chú, dấu, chỗ đọc và nghe được lưu khi có
            mạng.
          </>
        ) : (
          'trang đang mở vẫn đọc được.'
        )}
      </span>
    </div>
  );
}
