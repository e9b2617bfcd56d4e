import { useEffect, useState } from 'react';
import { scrollBehavior } from '#app/lib/motion.ts';
import { ArrowUpIcon } from './icons.tsx';

const SHOW_AFTER_PX = 600;

/** A button back to the top of long pages. */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <button
      type="button"
      className="scroll-to-top"
      data-visible={visible || undefined}
      aria-label="Lên đầu trang"
      tabIndex={visible ? 0 : -1}
      onClick={() => window.scrollTo({ top: 0, behavior: scrollBehavior() })}
    >
      <ArrowUpIcon size={20} />
    </button>
  );
}
