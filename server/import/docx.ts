import mammoth from 'mammoth';
import { ImportRefusal } from './import-error.ts';
import { emptyBook, firstNamed, parseHtml, parseXml, textOf, titleOrNull, type ImportedBook } from './imported-book.ts';
import { canonicalLanguage, directionOfLanguage } from './language.ts';
import { splitAtHeadings } from './split-chapters.ts';
import { readZip, type ZipLimits } from './safe-zip.ts';

/**
 * A Word document (.docx) as one book: the document's own title and author (docProps/core.xml),
 * its text converted to HTML by mammoth, cut into chapters at its top headings (Heading 1, or
 * Heading 2 when it has no Heading 1). The archive is checked (escaping entries, zip bombs)
 * before mammoth reads it.
 */
export async function readDocx(bytes: Buffer, fallbackTitle: string, limits?: ZipLimits): Promise<ImportedBook> {
  const files = await readZip(bytes, limits);
  if (!files.has('word/document.xml')) {
    throw new ImportRefusal('Tệp .docx này không phải là văn bản Word (thiếu word/document.xml).');
  }
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes })).value;
  } catch {
    throw new ImportRefusal('Không đọc được văn bản Word này (tệp hỏng?).');
  }
  const core = files.get('docProps/core.xml');
  const props = core ? parseXml(core.toString('utf8')) : null;
  const { intro, chapters } = splitAtHeadings(parseHtml(html));
  const book = emptyBook(
    titleOrNull(textOf(props ? firstNamed(props, 'title') : null)) ?? titleOrNull(fallbackTitle) ?? '',
  );
  book.author = titleOrNull(textOf(props ? firstNamed(props, 'creator') : null));
  book.description = titleOrNull(textOf(props ? firstNamed(props, 'description') : null));
  book.identifier = titleOrNull(textOf(props ? firstNamed(props, 'identifier') : null));
  book.language = canonicalLanguage(textOf(props ? firstNamed(props, 'language') : null));
  book.direction = directionOfLanguage(book.language);
  book.chapters = intro ? [{ title: null, html: intro }, ...chapters] : chapters;
  if (book.chapters.length === 0) throw new ImportRefusal('Văn bản Word không có chữ nào để nhập.');
  return book;
}
