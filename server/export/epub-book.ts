import { Text, type ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import * as DomUtils from 'domutils';
import render from 'dom-serializer';
import { zipSync, type Zippable } from 'fflate';
import { xmlText as escapeXml } from '#server/feeds/xml.ts';

/** A book as the EPUB is made of it: what the stored rows say, with absolute addresses. */
export interface EpubSource {
  /** `urn:uuid:…`, stable for the book (the same file on every download). */
  identifier: string;
  title: string;
  author: string | null;
  translator: string | null;
  description: string | null;
  /** BCP 47; Vietnamese when the book states none. */
  language: string;
  direction: 'ltr' | 'rtl' | null;
  /** When the book last changed (ISO-8601): `dcterms:modified`, and every file's date in the archive. */
  modified: string;
  /** The book's page on the site. */
  pageUrl: string;
  license: { spdx: string; name: string; url: string; attribution: string | null };
  sourceUrl: string | null;
  publisher: string;
  /** JPEG bytes of the cover, or null (then the EPUB has none). */
  cover: Uint8Array | null;
  chapters: { title: string | null; section: string | null; html: string }[];
  /**
   * Pictures the chapters show, by the `src` they are written with (`/media/book-images/…`): JPEG
   * or PNG bytes; a picture not here is replaced by its alt text.
   */
  images: Map<string, { bytes: Uint8Array; type: 'image/jpeg' | 'image/png' }>;
  /** Absolute addresses for links inside the text that point at the site (`/…`). */
  origin: string;
  /** Chapter page addresses on the site → the chapter's index, so links between chapters stay inside the book. */
  chapterPaths: Map<string, number>;
}

const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';
const EPUB_NS = 'http://www.idpf.org/2007/ops';

export const chapterFileName = (index: number) => `chuong-${String(index + 1).padStart(3, '0')}.xhtml`;

/** The title a chapter shows: its own, else "Chương N". */
export function chapterTitleOf(title: string | null, index: number): string {
  return title?.trim() || `Chương ${index + 1}`;
}

/**
 * A chapter's stored (sanitised HTML) body parsed for the EPUB: pictures become the package's
 * files (or their alt text), site links become absolute or point at the chapter file, MathML gets
 * its namespace. Returns the tree, its ids and whether it holds MathML (the manifest says so).
 */
function chapterTree(html: string, source: EpubSource, pictures: Map<string, string>) {
  const document = parseDocument(html);
  const ids = new Set<string>();
  let math = false;
  for (const element of DomUtils.findAll(() => true, document.children)) {
    if (element.attribs.id) ids.add(element.attribs.id);
    if (element.name === 'img') {
      const file = pictures.get(element.attribs.src ?? '');
      // EPUB allows no remote pictures: one not in the package leaves its alt text.
      if (file) element.attribs.src = file;
      else DomUtils.replaceElement(element, new Text(element.attribs.alt ?? ''));
    }
    if (element.name === 'math') {
      math = true;
      element.attribs.xmlns = MATHML_NS;
    }
    if (element.name === 'a' && element.attribs.href) element.attribs.href = linkOf(element.attribs.href, source);
    // `xml:lang` beside `lang`: EPUB reading systems read the first, HTML the second.
    if (element.attribs.lang !== undefined) element.attribs['xml:lang'] = element.attribs.lang;
  }
  return { document, ids, math };
}

/**
 * Links into the book whose target the sanitiser did not keep (an anchor of the original file)
 * lose their fragment, or their address when it named only that fragment: EPUB readers would
 * otherwise land nowhere.
 */
function dropDeadFragments(document: ReturnType<typeof parseDocument>, file: string, idsOf: Map<string, Set<string>>) {
  for (const a of DomUtils.findAll((e) => e.name === 'a' && !!e.attribs.href, document.children)) {
    const href = a.attribs.href!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
    const [target, fragment] = href.split('#', 2) as [string, string | undefined];
    const ids = idsOf.get(target || file);
    if (!ids) {
      delete a.attribs.href;
    } else if (fragment !== undefined && !ids.has(fragment)) {
      if (target) a.attribs.href = target;
      else delete a.attribs.href;
    }
  }
}

/** A link of the text: another chapter of this book stays in the book, the site's own become absolute. */
function linkOf(href: string, source: EpubSource): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const [path, fragment] = href.split('#', 2) as [string, string | undefined];
  const index = source.chapterPaths.get(path.split('?')[0]!);
  if (index !== undefined) return `${chapterFileName(index)}${fragment ? `#${fragment}` : ''}`;
  return `${source.origin}${href}`;
}

function page(source: EpubSource, title: string, body: string, extraNs = ''): string {
  const dir = source.direction ? ` dir="${source.direction}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="${XHTML_NS}"${extraNs} lang="${escapeXml(source.language)}" xml:lang="${escapeXml(source.language)}"${dir}>
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="sach.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

const STYLE = `body { font-family: serif; line-height: 1.6; margin: 0 5%; }
h1 { font-size: 1.4em; line-height: 1.3; margin: 1em 0; }
p { margin: 0 0 0.8em; text-align: justify; }
figure { margin: 1em 0; text-align: center; }
img { max-width: 100%; height: auto; }
.cover { text-align: center; margin: 0; }
.licence { font-size: 0.95em; }
nav ol { list-style: none; padding-left: 0; }
nav li { margin: 0.4em 0; }
`;

/**
 * A book as an EPUB 3 file: the mimetype first and stored, the container, the package (Dublin
 * Core metadata, `dcterms:modified`, the cover image), the navigation document (contents and
 * landmarks), a cover page and a licence page (outside the reading order, `linear="no"`), and one
 * XHTML file per chapter. The same source always makes the same bytes.
 */
export function renderEpub(source: EpubSource): Uint8Array<ArrayBuffer> {
  const mtime = new Date(source.modified);
  const pictures = new Map<string, string>();
  const manifest: string[] = [];
  const files: Zippable = {};
  const add = (name: string, content: string | Uint8Array) => {
    files[`OEBPS/${name}`] = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  };

  let n = 0;
  for (const [src, picture] of source.images) {
    const name = `hinh/hinh-${String(++n).padStart(3, '0')}.${picture.type === 'image/png' ? 'png' : 'jpg'}`;
    pictures.set(src, name);
    add(name, picture.bytes);
    manifest.push(`<item id="hinh-${n}" href="${name}" media-type="${picture.type}"/>`);
  }

  add('sach.css', STYLE);
  manifest.push('<item id="css" href="sach.css" media-type="text/css"/>');
  manifest.push('<item id="nav" href="muc-luc.xhtml" media-type="application/xhtml+xml" properties="nav"/>');

  const spine: string[] = [];
  if (source.cover) {
    add('bia.jpg', source.cover);
    manifest.push('<item id="bia-anh" href="bia.jpg" media-type="image/jpeg" properties="cover-image"/>');
    add(
      'bia.xhtml',
      page(
        source,
        source.title,
        `<section class="cover" epub:type="cover"><img src="bia.jpg" alt="${escapeXml(`Bìa sách ${source.title}`)}"/></section>`,
        ` xmlns:epub="${EPUB_NS}"`,
      ),
    );
    manifest.push('<item id="bia" href="bia.xhtml" media-type="application/xhtml+xml"/>');
    spine.push('<itemref idref="bia" linear="no"/>');
  }

  const titles = source.chapters.map((c, i) => chapterTitleOf(c.title, i));
  const trees = source.chapters.map((chapter) => chapterTree(chapter.html, source, pictures));
  const idsOf = new Map(trees.map((tree, i) => [chapterFileName(i), tree.ids]));
  source.chapters.forEach((chapter, i) => {
    const { document, math } = trees[i]!;
    dropDeadFragments(document, chapterFileName(i), idsOf);
    const xhtml = render(document.children as ChildNode[], { xmlMode: true, encodeEntities: 'utf8' });
    const section = chapter.section ? `<p class="section">${escapeXml(chapter.section)}</p>\n` : '';
    add(chapterFileName(i), page(source, titles[i]!, `${section}<h1>${escapeXml(titles[i]!)}</h1>\n${xhtml}`));
    manifest.push(
      `<item id="c${i + 1}" href="${chapterFileName(i)}" media-type="application/xhtml+xml"${math ? ' properties="mathml"' : ''}/>`,
    );
    spine.push(`<itemref idref="c${i + 1}"/>`);
  });

  const { license } = source;
  add(
    'giay-phep.xhtml',
    page(
      source,
      'Giấy phép',
      [
        '<section class="licence">',
        '<h1>Giấy phép</h1>',
        `<p>${escapeXml(source.title)}${source.author ? ` — ${escapeXml(source.author)}` : ''}${source.translator ? `, ${escapeXml(source.translator)} dịch` : ''}.</p>`,
        `<p>Phát hành theo giấy phép <a href="${escapeXml(license.url)}">${escapeXml(license.name)}</a> (${escapeXml(license.spdx)}).</p>`,
        license.attribution ? `<p>${escapeXml(license.attribution)}</p>` : '',
        source.sourceUrl
          ? `<p>Nguồn: <a href="${escapeXml(source.sourceUrl)}">${escapeXml(source.sourceUrl)}</a></p>`
          : '',
        `<p>Tệp EPUB này do ${escapeXml(source.publisher)} tạo từ bản trên trang: <a href="${escapeXml(source.pageUrl)}">${escapeXml(source.pageUrl)}</a></p>`,
        '</section>',
      ]
        .filter(Boolean)
        .join('\n'),
    ),
  );
  manifest.push('<item id="giay-phep" href="giay-phep.xhtml" media-type="application/xhtml+xml"/>');
  spine.push('<itemref idref="giay-phep" linear="no"/>');

  const tocItems = titles
    .map((title, i) => `<li><a href="${chapterFileName(i)}">${escapeXml(title)}</a></li>`)
    .concat('<li><a href="giay-phep.xhtml">Giấy phép</a></li>')
    .join('\n');
  add(
    'muc-luc.xhtml',
    page(
      source,
      'Mục lục',
      [
        `<nav epub:type="toc" id="toc"><h1>Mục lục</h1><ol>\n${tocItems}\n</ol></nav>`,
        '<nav epub:type="landmarks" hidden="hidden"><ol>',
        source.cover ? '<li><a epub:type="cover" href="bia.xhtml">Bìa</a></li>' : '',
        source.chapters.length > 0
          ? `<li><a epub:type="bodymatter" href="${chapterFileName(0)}">Nội dung</a></li>`
          : '',
        '</ol></nav>',
      ]
        .filter(Boolean)
        .join('\n'),
      ` xmlns:epub="${EPUB_NS}"`,
    ),
  );

  const modified = `${source.modified.slice(0, 19)}Z`;
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="${escapeXml(source.language)}"${source.direction ? ` dir="${source.direction}"` : ''}>
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="uid">${escapeXml(source.identifier)}</dc:identifier>
<dc:title>${escapeXml(source.title)}</dc:title>
<dc:language>${escapeXml(source.language)}</dc:language>
${source.author ? `<dc:creator id="tac-gia">${escapeXml(source.author)}</dc:creator>\n<meta refines="#tac-gia" property="role" scheme="marc:relators">aut</meta>` : ''}
${source.translator ? `<dc:contributor id="dich-gia">${escapeXml(source.translator)}</dc:contributor>\n<meta refines="#dich-gia" property="role" scheme="marc:relators">trl</meta>` : ''}
${source.description ? `<dc:description>${escapeXml(source.description)}</dc:description>` : ''}
<dc:publisher>${escapeXml(source.publisher)}</dc:publisher>
<dc:rights>${escapeXml(`${license.name} (${license.spdx}) — ${license.url}`)}</dc:rights>
${source.sourceUrl ? `<dc:source>${escapeXml(source.sourceUrl)}</dc:source>` : ''}
<meta property="dcterms:modified">${modified}</meta>
${source.cover ? '<meta name="cover" content="bia-anh"/>' : ''}
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine${source.direction === 'rtl' ? ' page-progression-direction="rtl"' : ''}>
${spine.join('\n')}
</spine>
</package>
`.replace(/\n{2,}/g, '\n');
  files['OEBPS/sach.opf'] = new TextEncoder().encode(opf);

  // The mimetype first and stored (not deflated): how reading systems recognise an EPUB.
  const ordered: Zippable = {
    mimetype: [new TextEncoder().encode('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/sach.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`),
    ...files,
  };
  return zipSync(ordered, { level: 6, mtime });
}
