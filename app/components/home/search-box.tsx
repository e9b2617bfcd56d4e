import { Form } from 'react-router';
import { SearchIcon } from '../ui/icons.tsx';
import { SuggestInput } from '../search/suggest-input.tsx';

/** The home page's search box: submits to /search with mode strict and type all; suggests while typing. */
export function HomeSearchBox() {
  return (
    <Form method="get" action="/search" className="home-search" role="search">
      <label htmlFor="home-query" className="visually-hidden">
        Tìm trong thư viện
      </label>
      <SearchIcon size={22} className="home-search-icon" />
      <SuggestInput
        id="home-query"
        name="query"
        required
        maxLength={300}
        placeholder="Tìm kinh sách, pháp âm, bài viết… có dấu hay không dấu đều được"
        enterKeyHint="search"
      />
      <input type="hidden" name="mode" value="strict" />
      <input type="hidden" name="type" value="all" />
      <button type="submit" className="button button-primary">
        Tìm kiếm
      </button>
    </Form>
  );
}
