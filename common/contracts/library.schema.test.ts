import { describe, expect, it } from 'vitest';
import { ZLibrarySearchQuerySchema } from './library.schema.ts';

describe('ZLibrarySearchQuerySchema', () => {
  it('fills the defaults and reads empty form fields as absent', () => {
    expect(ZLibrarySearchQuerySchema.parse({})).toEqual({ loai: 'book', page: 1 });
    expect(
      ZLibrarySearchQuerySchema.parse({
        loai: 'phap-am',
        page: '2',
        size: '10',
        tim: '',
        ten: ' ',
        ngay: '',
        phut: '',
      }),
    ).toEqual({ loai: 'phap-am', page: 2, size: 10 });
    expect(ZLibrarySearchQuerySchema.parse({ ngay: '2024-02-29', phut: '45', ten: ' vo thuong ' })).toMatchObject({
      ngay: '2024-02-29',
      phut: 45,
      ten: 'vo thuong',
    });
  });

  it('refuses pages below 1, sizes outside 1..100, non-numbers and impossible dates', () => {
    for (const bad of [
      { page: '0' },
      { page: 'abc' },
      { size: '0' },
      { size: '101' },
      { size: '2.5' },
      { loai: 'video' },
      { ngay: '2023-02-29' },
      { ngay: '29/02/2024' },
      { phut: '-3' },
    ]) {
      expect(ZLibrarySearchQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
