import sanitize from 'sanitize-html';
import { IMAGE_HOSTS } from '#common/constants.ts';

/**
 * Stored HTML (article bodies, chapters) → HTML safe to render in our pages: an allow-list of
 * tags and attributes (sanitize-html, decision 0011; ruby, MathML, language runs: decision 0023). No script, style, iframe or form; no event handlers
 * or style attributes; links only to http(s), mailto or our own paths; images only from
 * `/media/…` or the allow-listed hosts. Paragraphs are numbered `p-1, p-2, …` so a search hit
 * can open the paragraph it found (`/tin-tuc/{slug}#p-3`). Applied on write and again when a
 * page or the API presents stored HTML; sanitising twice changes nothing.
 */

/** Presentation MathML (MathML Core and the common rest), rendered by the browser. */
const MATHML_TAGS = [
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mstyle',
  'merror',
  'mpadded',
  'mphantom',
  'mfenced',
  'menclose',
  'munder',
  'mover',
  'munderover',
  'mmultiscripts',
  'mprescripts',
  'none',
  'mtable',
  'mtr',
  'mtd',
  'mlabeledtr',
];
const MATHML_COMMON_ATTRIBUTES = ['mathvariant', 'displaystyle', 'scriptlevel', 'lang', 'dir'];

const ALLOWED_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'abbr',
  'cite',
  'q',
  'code',
  'pre',
  'br',
  'hr',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  // Imported books (decision 0023): ruby readings, runs in another language or direction, blocks
  // that carry a page's language.
  'ruby',
  'rb',
  'rt',
  'rp',
  'rtc',
  'span',
  'bdi',
  'bdo',
  'div',
  ...MATHML_TAGS,
];

/** Tags dropped together with everything inside them (not just unwrapped). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  // <object> and <svg> are unwrapped instead: their fallback text (and an SVG's <title>, <desc>,
  // <text>) is what a reader can read of them. MathML's annotation-xml may hold any markup.
  'annotation-xml',
  'param',
  'embed',
  'template',
  'title',
  'head',
  'select',
  'button',
  'noembed',
  'noframes',
  'xmp',
];

/** True for an image source we serve or an allow-listed host serves over https. */
export function isAllowedImageSource(src: string | undefined): boolean {
  if (!src) return false;
  if (src.startsWith('/media/')) return !src.includes('..') && !src.includes('\\');
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && (IMAGE_HOSTS as readonly string[]).includes(url.hostname);
}

function optionsFor(): sanitize.IOptions {
  let paragraph = 0;
  return {
    allowedTags: ALLOWED_TAGS,
    nonTextTags: DROPPED_WITH_CONTENT,
    disallowedTagsMode: 'discard',
    allowedAttributes: {
      '*': ['lang', 'dir'],
      p: ['id'],
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      abbr: ['title'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
      ol: ['start'],
      ...Object.fromEntries(MATHML_TAGS.map((tag) => [tag, MATHML_COMMON_ATTRIBUTES])),
      math: [...MATHML_COMMON_ATTRIBUTES, 'display', 'alttext'],
      mo: [
        ...MATHML_COMMON_ATTRIBUTES,
        'stretchy',
        'fence',
        'separator',
        'form',
        'lspace',
        'rspace',
        'largeop',
        'movablelimits',
        'accent',
        'symmetric',
        'minsize',
        'maxsize',
      ],
      mfrac: [...MATHML_COMMON_ATTRIBUTES, 'linethickness'],
      mover: [...MATHML_COMMON_ATTRIBUTES, 'accent'],
      munder: [...MATHML_COMMON_ATTRIBUTES, 'accentunder'],
      munderover: [...MATHML_COMMON_ATTRIBUTES, 'accent', 'accentunder'],
      mtable: [...MATHML_COMMON_ATTRIBUTES, 'columnalign', 'rowalign'],
      mtd: [...MATHML_COMMON_ATTRIBUTES, 'columnspan', 'rowspan', 'columnalign'],
      mspace: [...MATHML_COMMON_ATTRIBUTES, 'width', 'height', 'depth'],
      mpadded: [...MATHML_COMMON_ATTRIBUTES, 'width', 'height', 'depth', 'lspace', 'voffset'],
      menclose: [...MATHML_COMMON_ATTRIBUTES, 'notation'],
      mfenced: [...MATHML_COMMON_ATTRIBUTES, 'open', 'close', 'separators'],
      annotation: [...MATHML_COMMON_ATTRIBUTES, 'encoding'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    allowedStyles: {},
    transformTags: {
      // The page's own title is the only h1.
      h1: 'h2',
      // Numbered in document order; an id from the source is replaced so numbers never clash.
      p: (tagName, attribs) => ({ tagName, attribs: { ...attribs, id: `p-${++paragraph}` } }),
      a: (tagName, attribs) => {
        const external = /^https?:/i.test(attribs.href ?? '');
        return { tagName, attribs: external ? { ...attribs, rel: 'nofollow noopener noreferrer' } : attribs };
      },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    },
    // Images from anywhere else are removed whole (no broken image, no tracking pixel).
    exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src),
  };
}

/** HTML from any source → the allow-listed, NFC-normalised HTML we store and render. */
export function sanitizeArticleHtml(html: string): string {
  return sanitize(html.normalize('NFC'), optionsFor()).trim();
}
