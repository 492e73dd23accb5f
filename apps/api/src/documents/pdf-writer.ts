/**
 * The platform's PDF layout in pdf-lib: an A4 page with a running header, a title, headed sections
 * of label-value rows, paragraphs and tables, picture boxes and the e-sign signature box, on the
 * standard fonts. The account-opening form and the documents of the welcome kit are written with it,
 * tagged (pdf-tags.ts): every piece of content in its structure element, in reading order.
 */
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from '@cantoo/pdf-lib';
import { StructureTree } from './pdf-tags.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const INK = rgb(0.1, 0.1, 0.18);
const MUTED = rgb(0.38, 0.4, 0.48);
const RULE = rgb(0.82, 0.84, 0.9);
const BRAND = rgb(0.18, 0.33, 0.92);
export const NOT_GIVEN = 'Not given';

/** The standard fonts speak WinAnsi only; anything else prints as '?'. */
export const printable = (s: string) => s.replace(/\u20b9/g, 'Rs ').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/**
 * Breaks text into lines that fit the width. A line's width is kept as it grows: kerning joins
 * only neighbouring glyphs, so adding " word" to a line adds the width of its last character,
 * the space and the word, less that of the last character alone (measuring the whole line again
 * for every word made this quadratic in the line's length).
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = printable(text).split(/\s+/);
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const w of words) {
    const last = line.at(-1);
    const nextWidth =
      last === undefined
        ? font.widthOfTextAtSize(w, size)
        : lineWidth + font.widthOfTextAtSize(`${last} ${w}`, size) - font.widthOfTextAtSize(last, size);
    if (nextWidth <= width) {
      line = line ? `${line} ${w}` : w;
      lineWidth = nextWidth;
    } else {
      if (line) lines.push(line);
      line = w;
      lineWidth = font.widthOfTextAtSize(w, size);
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

export class FormWriter {
  private page!: PDFPage;
  private y = 0;
  pages = 0;
  private readonly tags: StructureTree;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly header: string,
  ) {
    this.tags = new StructureTree(doc);
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage(A4);
    this.pages += 1;
    this.y = A4[1] - MARGIN;
    const page = this.page;
    this.tags.artifact(page, () =>
      page.drawText(printable(this.header), { x: MARGIN, y: A4[1] - 24, size: 8, font: this.font, color: MUTED }),
    );
  }

  /** Draws on the current page as content of a structure element (marked content). */
  private mark(elem: ReturnType<StructureTree['elem']>, draw: (page: PDFPage) => void) {
    const page = this.page;
    this.tags.mark(page, elem, () => draw(page));
  }

  /** Draws page furniture (rules, boxes): not read out. */
  private furniture(draw: (page: PDFPage) => void) {
    const page = this.page;
    this.tags.artifact(page, () => draw(page));
  }

  /** The structure tree, the language and the title a reader needs (call once, before saving). */
  finishTags(title: string, language = 'en-IN') {
    this.tags.finish(language, title);
  }

  ensure(height: number) {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  title(text: string, sub: string) {
    this.mark(this.tags.elem('H1'), (p) =>
      p.drawText(printable(text), { x: MARGIN, y: this.y - 18, size: 17, font: this.bold, color: BRAND }),
    );
    this.mark(this.tags.elem('P'), (p) =>
      p.drawText(printable(sub), { x: MARGIN, y: this.y - 34, size: 9, font: this.font, color: MUTED }),
    );
    this.y -= 48;
  }

  heading(text: string) {
    this.ensure(40);
    this.y -= 10;
    this.mark(this.tags.elem('H2'), (p) =>
      p.drawText(printable(text), { x: MARGIN, y: this.y - 12, size: 11.5, font: this.bold, color: INK }),
    );
    this.y -= 18;
    this.furniture((p) =>
      p.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: A4[0] - MARGIN, y: this.y },
        thickness: 0.8,
        color: RULE,
      }),
    );
    this.y -= 6;
  }

  row(label: string, value: string) {
    const labelWidth = 170;
    const lines = wrapText(value || NOT_GIVEN, this.font, 9.5, A4[0] - 2 * MARGIN - labelWidth);
    const height = lines.length * 12 + 4;
    this.ensure(height);
    // a label and its value read as one sentence: "PAN ABCDE1234F"
    const row = this.tags.elem('P');
    this.mark(row, (p) =>
      p.drawText(printable(label), { x: MARGIN, y: this.y - 11, size: 9, font: this.font, color: MUTED }),
    );
    this.mark(row, (p) =>
      lines.forEach((l, i) =>
        p.drawText(l, {
          x: MARGIN + labelWidth,
          y: this.y - 11 - i * 12,
          size: 9.5,
          font: this.font,
          color: value ? INK : MUTED,
        }),
      ),
    );
    this.y -= height;
  }

  paragraph(text: string) {
    const lines = wrapText(text, this.font, 9, A4[0] - 2 * MARGIN);
    this.ensure(lines.length * 11.5 + 4);
    this.mark(this.tags.elem('P'), (p) =>
      lines.forEach((l, i) =>
        p.drawText(l, { x: MARGIN, y: this.y - 10 - i * 11.5, size: 9, font: this.font, color: INK }),
      ),
    );
    this.y -= lines.length * 11.5 + 4;
  }

  table(headers: string[], rows: string[][], widths: number[]) {
    const table = this.tags.elem('Table');
    const drawRow = (cells: string[], font: PDFFont, cell: 'TH' | 'TD') => {
      const wrapped = cells.map((c, i) => wrapText(c, font, 8.5, widths[i]! - 6));
      const height = Math.max(...wrapped.map((w) => w.length)) * 11 + 6;
      this.ensure(height);
      const tr = this.tags.elem('TR', table);
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        const left = x;
        this.mark(this.tags.elem(cell, tr), (p) =>
          lines.forEach((l, j) => p.drawText(l, { x: left + 3, y: this.y - 11 - j * 11, size: 8.5, font, color: INK })),
        );
        x += widths[i]!;
      });
      this.y -= height;
      this.furniture((p) =>
        p.drawLine({
          start: { x: MARGIN, y: this.y },
          end: { x: A4[0] - MARGIN, y: this.y },
          thickness: 0.4,
          color: RULE,
        }),
      );
    };
    drawRow(headers, this.bold, 'TH');
    rows.forEach((r) => drawRow(r, this.font, 'TD'));
  }

  images(items: { label: string; image: PDFImage | null; width: number; height: number }[]) {
    const boxHeight = Math.max(...items.map((i) => i.height)) + 24;
    this.ensure(boxHeight);
    let x = MARGIN;
    for (const item of items) {
      const left = x;
      this.mark(this.tags.elem('P'), (p) =>
        p.drawText(printable(item.label), { x: left, y: this.y - 11, size: 9, font: this.font, color: MUTED }),
      );
      this.furniture((p) =>
        p.drawRectangle({
          x: left,
          y: this.y - 16 - item.height,
          width: item.width,
          height: item.height,
          borderColor: RULE,
          borderWidth: 0.8,
        }),
      );
      const image = item.image;
      if (image) {
        const scale = Math.min(item.width / image.width, item.height / image.height);
        const w = image.width * scale;
        const h = image.height * scale;
        // a picture is read by its alternate text
        this.mark(this.tags.elem('Figure', this.tags.root, item.label), (p) =>
          p.drawImage(image, {
            x: left + (item.width - w) / 2,
            y: this.y - 16 - item.height + (item.height - h) / 2,
            width: w,
            height: h,
          }),
        );
      } else
        this.mark(this.tags.elem('P'), (p) =>
          p.drawText(NOT_GIVEN, { x: left + 8, y: this.y - 30, size: 9, font: this.font, color: MUTED }),
        );
      x += item.width + 24;
    }
    this.y -= boxHeight;
  }

  /** The area the e-sign appearance refers to, at the end of the form. */
  signatureBox(text: string) {
    this.ensure(90);
    this.y -= 12;
    this.furniture((p) =>
      p.drawRectangle({
        x: MARGIN,
        y: this.y - 70,
        width: A4[0] - 2 * MARGIN,
        height: 70,
        borderColor: BRAND,
        borderWidth: 1,
      }),
    );
    const box = this.tags.elem('Div');
    this.mark(this.tags.elem('P', box), (p) =>
      p.drawText('Applicant signature (Aadhaar eSign)', {
        x: MARGIN + 10,
        y: this.y - 18,
        size: 10,
        font: this.bold,
        color: BRAND,
      }),
    );
    const lines = wrapText(text, this.font, 8.5, A4[0] - 2 * MARGIN - 20);
    this.mark(this.tags.elem('P', box), (p) =>
      lines.forEach((l, i) =>
        p.drawText(l, { x: MARGIN + 10, y: this.y - 34 - i * 11, size: 8.5, font: this.font, color: INK }),
      ),
    );
    this.y -= 80;
  }
}

/** A document of headed sections of paragraphs (and tables), in the form's type and layout. */
export interface TextDocument {
  title: string;
  subtitle: string;
  sections: {
    heading: string;
    paragraphs?: string[];
    table?: { headers: string[]; rows: string[][]; widths: number[] };
  }[];
}

export async function renderTextDocument(d: TextDocument, at: Date): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(d.title);
  doc.setProducer('eKYC onboarding');
  doc.setCreationDate(at);
  doc.setModificationDate(at);
  const w = new FormWriter(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
    d.title,
  );
  w.title(d.title, d.subtitle);
  for (const section of d.sections) {
    w.heading(section.heading);
    for (const p of section.paragraphs ?? []) w.paragraph(p);
    if (section.table) w.table(section.table.headers, section.table.rows, section.table.widths);
  }
  w.finishTags(d.title);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
