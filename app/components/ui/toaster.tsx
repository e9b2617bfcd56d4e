import { dismissToast, useToasts } from '#app/lib/toast-store.ts';
import { CloseIcon } from './icons.tsx';

/** Notices, bottom-left. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className="toast" data-kind={t.kind}>
          <span>{t.message}</span>
          <button type="button" className="toast-close" aria-label="Đóng thông báo" onClick={() => dismissToast(t.id)}>
            <CloseIcon size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
