/**
 * The platform's PDF layout: an A4 page with a running header, a title, headed sections of
 * label-value rows, paragraphs and tables, picture boxes and the e-sign signature box, on the
 * standard fonts. The account-opening form and the documents of the welcome kit are written with it,
 * tagged (pdf-tags.ts): every piece of content in its structure element, in reading order.
 *
 * pdf-lib holds the document (pages, fonts, pictures, structure, saving); each page's content is
 * written here as PDF operators and compressed once (node:zlib), which costs a fraction of drawing
 * it operator object by operator object through pdf-lib.
 *
 * Its callers import it when they render (`await import`), so that pdf-lib loads with the first
 * document rather than at start-up.
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, type PDFImage, PDFName, type PDFPage, StandardFonts } from '@cantoo/pdf-lib';
import { NOT_GIVEN } from './form-facts.ts';
import { StructureTree } from './pdf-tags.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
/** Colours as PDF operands (red green blue). */
const INK = '0.1 0.1 0.18';
const MUTED = '0.38 0.4 0.48';
const RULE = '0.82 0.84 0.9';
const BRAND = '0.18 0.33 0.92';
/** The page's resource names of the two fonts. */
const REGULAR = 'F1';
const BOLD = 'F2';

/** The standard fonts speak WinAnsi only; anything else prints as '?'. */
export const printable = (s: string) => s.replace(/\u20b9/g, 'Rs ').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** A number as a PDF operand: at most three decimals, never an exponent. */
const num = (v: number) => String(Math.round(v * 1000) / 1000 || 0);

/** Printable text as a PDF string: WinAnsi agrees with Latin-1 on every character printable() keeps. */
const pdfText = (s: string) => `<${Buffer.from(printable(s), 'latin1').toString('hex')}>`;

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

interface TextRun {
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  colour: string;
}

export class FormWriter {
  private page!: PDFPage;
  /** The current page's operators. */
  private ops: string[] = [];
  private readonly written: { page: PDFPage; ops: string[] }[] = [];
  private readonly pictureNames = new Map<PDFImage, string>();
  private y = 0;
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
    this.page.node.setFontDictionary(PDFName.of(REGULAR), this.font.ref);
    this.page.node.setFontDictionary(PDFName.of(BOLD), this.bold.ref);
    this.ops = [];
    this.written.push({ page: this.page, ops: this.ops });
    this.y = A4[1] - MARGIN;
    this.furniture(() => this.text(this.header, { x: MARGIN, y: A4[1] - 24, size: 8, colour: MUTED }));
  }

  /** Lines of text, the first at (x, y), each next one `leading` lower. */
  private text(lines: string | string[], run: TextRun, leading = 0) {
    const list = typeof lines === 'string' ? [lines] : lines;
    list.forEach((line, i) =>
      this.ops.push(
        `BT /${run.bold ? BOLD : REGULAR} ${num(run.size)} Tf ${run.colour} rg ${num(run.x)} ${num(run.y - i * leading)} Td ${pdfText(line)} Tj ET`,
      ),
    );
  }

  private line(y: number, thickness: number) {
    this.ops.push(`q ${RULE} RG ${num(thickness)} w ${num(MARGIN)} ${num(y)} m ${num(A4[0] - MARGIN)} ${num(y)} l S Q`);
  }

  private box(x: number, y: number, width: number, height: number, colour: string, thickness: number) {
    this.ops.push(`q ${colour} RG ${num(thickness)} w ${num(x)} ${num(y)} ${num(width)} ${num(height)} re S Q`);
  }

  private picture(image: PDFImage, x: number, y: number, width: number, height: number) {
    let name = this.pictureNames.get(image);
    if (!name) {
      name = `Im${this.pictureNames.size + 1}`;
      this.pictureNames.set(image, name);
    }
    this.page.node.setXObject(PDFName.of(name), image.ref);
    this.ops.push(`q ${num(width)} 0 0 ${num(height)} ${num(x)} ${num(y)} cm /${name} Do Q`);
  }

  /** Draws as content of a structure element (a marked-content sequence with its MCID). */
  private mark(elem: ReturnType<StructureTree['elem']>, draw: () => void) {
    this.ops.push(`/${elem.type} <</MCID ${this.tags.mark(this.page, elem)}>> BDC`);
    draw();
    this.ops.push('EMC');
  }

  /** Draws page furniture (the running header, rules, boxes): not read out. */
  private furniture(draw: () => void) {
    this.ops.push('/Artifact BMC');
    draw();
    this.ops.push('EMC');
  }

  /**
   * Writes every page's content, the structure tree, the language and the title a reader needs
   * (call once, before saving).
   */
  finish(title: string, language = 'en-IN') {
    for (const { page, ops } of this.written) {
      const stream = this.doc.context.stream(deflateSync(ops.join('\n')), { Filter: 'FlateDecode' });
      page.node.addContentStream(this.doc.context.register(stream));
    }
    this.tags.finish(language, title);
  }

  ensure(height: number) {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  title(text: string, sub: string) {
    this.mark(this.tags.elem('H1'), () =>
      this.text(text, { x: MARGIN, y: this.y - 18, size: 17, bold: true, colour: BRAND }),
    );
    this.mark(this.tags.elem('P'), () => this.text(sub, { x: MARGIN, y: this.y - 34, size: 9, colour: MUTED }));
    this.y -= 48;
  }

  heading(text: string) {
    this.ensure(40);
    this.y -= 10;
    this.mark(this.tags.elem('H2'), () =>
      this.text(text, { x: MARGIN, y: this.y - 12, size: 11.5, bold: true, colour: INK }),
    );
    this.y -= 18;
    this.furniture(() => this.line(this.y, 0.8));
    this.y -= 6;
  }

  row(label: string, value: string) {
    const labelWidth = 170;
    const lines = wrapText(value || NOT_GIVEN, this.font, 9.5, A4[0] - 2 * MARGIN - labelWidth);
    const height = lines.length * 12 + 4;
    this.ensure(height);
    // a label and its value read as one sentence: "PAN ABCDE1234F"
    const row = this.tags.elem('P');
    this.mark(row, () => this.text(label, { x: MARGIN, y: this.y - 11, size: 9, colour: MUTED }));
    this.mark(row, () =>
      this.text(lines, { x: MARGIN + labelWidth, y: this.y - 11, size: 9.5, colour: value ? INK : MUTED }, 12),
    );
    this.y -= height;
  }

  paragraph(text: string) {
    const lines = wrapText(text, this.font, 9, A4[0] - 2 * MARGIN);
    this.ensure(lines.length * 11.5 + 4);
    this.mark(this.tags.elem('P'), () => this.text(lines, { x: MARGIN, y: this.y - 10, size: 9, colour: INK }, 11.5));
    this.y -= lines.length * 11.5 + 4;
  }

  table(headers: string[], rows: string[][], widths: number[]) {
    const table = this.tags.elem('Table');
    const drawRow = (cells: string[], header: boolean) => {
      const font = header ? this.bold : this.font;
      const wrapped = cells.map((c, i) => wrapText(c, font, 8.5, widths[i]! - 6));
      const height = Math.max(...wrapped.map((w) => w.length)) * 11 + 6;
      this.ensure(height);
      const tr = this.tags.elem('TR', table);
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        const left = x;
        this.mark(this.tags.elem(header ? 'TH' : 'TD', tr), () =>
          this.text(lines, { x: left + 3, y: this.y - 11, size: 8.5, bold: header, colour: INK }, 11),
        );
        x += widths[i]!;
      });
      this.y -= height;
      this.furniture(() => this.line(this.y, 0.4));
    };
    drawRow(headers, true);
    rows.forEach((r) => drawRow(r, false));
  }

  images(items: { label: string; image: PDFImage | null; width: number; height: number }[]) {
    const boxHeight = Math.max(...items.map((i) => i.height)) + 24;
    this.ensure(boxHeight);
    let x = MARGIN;
    for (const item of items) {
      const left = x;
      this.mark(this.tags.elem('P'), () => this.text(item.label, { x: left, y: this.y - 11, size: 9, colour: MUTED }));
      this.furniture(() => this.box(left, this.y - 16 - item.height, item.width, item.height, RULE, 0.8));
      const image = item.image;
      if (image) {
        const scale = Math.min(item.width / image.width, item.height / image.height);
        const w = image.width * scale;
        const h = image.height * scale;
        // a picture is read by its alternate text
        this.mark(this.tags.elem('Figure', this.tags.root, item.label), () =>
          this.picture(image, left + (item.width - w) / 2, this.y - 16 - item.height + (item.height - h) / 2, w, h),
        );
      } else
        this.mark(this.tags.elem('P'), () =>
          this.text(NOT_GIVEN, { x: left + 8, y: this.y - 30, size: 9, colour: MUTED }),
        );
      x += item.width + 24;
    }
    this.y -= boxHeight;
  }

  /** The area the e-sign appearance refers to, at the end of the form. */
  signatureBox(text: string) {
    this.ensure(90);
    this.y -= 12;
    this.furniture(() => this.box(MARGIN, this.y - 70, A4[0] - 2 * MARGIN, 70, BRAND, 1));
    const box = this.tags.elem('Div');
    this.mark(this.tags.elem('P', box), () =>
      this.text('Applicant signature (Aadhaar eSign)', {
        x: MARGIN + 10,
        y: this.y - 18,
        size: 10,
        bold: true,
        colour: BRAND,
      }),
    );
    const lines = wrapText(text, this.font, 8.5, A4[0] - 2 * MARGIN - 20);
    this.mark(this.tags.elem('P', box), () =>
      this.text(lines, { x: MARGIN + 10, y: this.y - 34, size: 8.5, colour: INK }, 11),
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
  w.finish(d.title);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
