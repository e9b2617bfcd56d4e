import { Link } from 'react-router';
import { ConstructionIcon } from './icons.tsx';

/**
 * An honest page for a route whose feature is not built yet: what will be here, and where to go now.
 */
export function UnderConstruction({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="under-construction page-narrow" aria-labelledby="uc-title">
      <span className="uc-icon">
        <ConstructionIcon size={36} />
      </span>
      <p className="eyebrow">Đang xây dựng</p>
      <h1 id="uc-title">{title}</h1>
      <div className="uc-body">{children}</div>
      <p className="uc-actions">
        <Link to="/" className="button button-ghost">
          Về trang chủ
        </Link>
      </p>
    </section>
  );
}
