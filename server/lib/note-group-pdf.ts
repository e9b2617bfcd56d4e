import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { HighlightColor, Note } from '#common/contracts/note.schema.ts';
import { SITE_NAME } from '#common/constants.ts';

const require = createRequire(import.meta.url);
/** Noto Serif (SIL OFL), the reader's own typeface, with every Vietnamese letter: embedded as a subset. */
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf'),
  italic: require.resolve('@expo-google-fonts/noto-serif/400Regular_Italic/NotoSerif_400Regular_Italic.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf'),
};

/** The highlight colours as printed (a bar beside the passage), and their names. */
const COLORS: Record<HighlightColor, { fill: string; label: string }> = {
  aqua: { fill: '#5cc6c6', label: 'Xanh' },
  yellow: { fill: '#f2c94c', label: 'Vàng' },
  red: { fill: '#e07a6f', label: 'Đỏ' },
};
const INK = '#2b2118';
const MUTED = '#7a6a58';
const ACCENT = '#9a4a14';
const MARGIN = 56;
const dateFormatter = new Intl.DateTimeFormat('vi-VN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Ho_Chi_Minh',
});

export interface NoteGroupPdfInput {
  title: string;
  description: string | null;
  authorName: string;
  notes: readonly Note[];
  /** The site's origin, for the links to each source. */
  origin: string;
  exportedAt: Date;
}

/**
 * A note group as a PDF: its title, then each note — the highlighted words beside a bar of the
 * highlight's colour (and its name), the reader's note, and the source with a link. Text is laid
 * out with ligatures off so a text extractor gives back exactly the words (NFC) that were written.
 */
export function renderNoteGroupPdf(input: NoteGroupPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 10, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: input.title, Author: input.authorName, Creator: SITE_NAME, Producer: SITE_NAME },
    lang: 'vi',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('italic', FONTS.italic);
  doc.registerFont('bold', FONTS.bold);
  const text = { features: [] as never[], lineGap: 3 };
  const width = doc.page.width - MARGIN * 2;

  doc
    .font('bold')
    .fontSize(10)
    .fillColor(ACCENT)
    .text(SITE_NAME.toUpperCase(), { ...text, characterSpacing: 1.5 });
  doc.moveDown(0.6);
  doc.font('bold').fontSize(22).fillColor(INK).text(input.title, text);
  if (input.description) {
    doc.moveDown(0.4);
    doc.font('italic').fontSize(12).fillColor(MUTED).text(input.description, text);
  }
  doc.moveDown(0.5);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `Soạn bởi ${input.authorName} · ${input.notes.length} ghi chú · xuất ngày ${dateFormatter.format(input.exportedAt)}`,
      text,
    );
  doc.moveDown(0.8);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(0.6)
    .strokeColor('#d9cbb6')
    .stroke();
  doc.moveDown(1);

  for (const [i, note] of input.notes.entries()) {
    const color = COLORS[note.color];
    // Keep a passage's first lines with its bar: start a new page when little room is left.
    if (doc.y > doc.page.height - MARGIN - 120) doc.addPage();
    const top = doc.y;
    const indent = MARGIN + 14;
    doc
      .font('regular')
      .fontSize(12.5)
      .fillColor(INK)
      .text(note.content, indent, top, { ...text, width: width - 14 });
    const bottom = doc.y;
    // The bar spans the passage on its page (a passage that runs over starts its bar anew).
    if (bottom > top) doc.rect(MARGIN, top + 2, 4, bottom - top - 2).fill(color.fill);
    doc.fillColor(INK);
    if (note.body) {
      doc.moveDown(0.3);
      doc
        .font('italic')
        .fontSize(11)
        .fillColor('#4d4034')
        .text(`Ghi chú: ${note.body}`, indent, doc.y, { ...text, width: width - 14 });
    }
    doc.moveDown(0.3);
    const link = note.sourceUrl ? new URL(note.sourceUrl, input.origin).href : undefined;
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(`Màu: ${color.label} · Nguồn: `, indent, doc.y, { ...text, width: width - 14, continued: true })
      .fillColor(link ? ACCENT : MUTED)
      .text(note.sourceTitle, { ...text, link, underline: !!link });
    doc.fillColor(INK);
    if (i < input.notes.length - 1) doc.moveDown(1.2);
  }
  if (input.notes.length === 0) {
    doc.font('italic').fontSize(12).fillColor(MUTED).text('Danh sách này chưa có ghi chú nào.', text);
  }

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`${SITE_NAME} · ${input.title} · trang ${p + 1}/${range.count}`, MARGIN, doc.page.height - 40, {
        ...text,
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}
