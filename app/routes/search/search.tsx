import { useSearchParams } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Tìm kiếm — ${SITE_NAME}` }];
}

export default function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get('query');
  const conditions = params.get('conditions')?.split('|').filter(Boolean) ?? [];
  return (
    <UnderConstruction title="Tìm kiếm">
      {query ? (
        <p className="uc-query">
          Bạn tìm: <strong>{query}</strong>
          {conditions.length > 0 ? (
            <>
              {' '}
              cùng với <strong>{conditions.join(', ')}</strong>
            </>
          ) : null}
        </p>
      ) : null}
      <p>
        Bộ máy tìm kiếm tiếng Việt — gõ có dấu hay không dấu, tìm theo cụm từ hoặc từng chữ, lọc theo sách, pháp âm,
        video, bản ghi lời giảng — đang được xây dựng.
      </p>
    </UnderConstruction>
  );
}
