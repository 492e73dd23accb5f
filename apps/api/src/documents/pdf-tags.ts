/**
 * A tagged PDF's structure (ISO 14289 PDF/UA, as SEBI's KYC accessibility duties ask of the
 * account-opening form): each piece of content is drawn (pdf-writer.ts) inside a marked-content
 * sequence with the MCID recorded here and belongs to a structure element (Document, H1, H2, P,
 * Table/TR/TH/TD, Figure with its alternate text) in reading order; page furniture (running
 * header, rules, boxes) is an Artifact.
 * finish() writes the StructTreeRoot, the ParentTree, MarkInfo, the language and the XMP metadata
 * that names the document PDF/UA.
 */
import {
  PDFArray,
  type PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFPage,
  type PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';

export type StructType = 'Document' | 'H1' | 'H2' | 'P' | 'Table' | 'TR' | 'TH' | 'TD' | 'Figure' | 'Div';

export interface StructElem {
  type: StructType;
  kids: (StructElem | { page: PDFPage; mcid: number })[];
  alt?: string;
}

export class StructureTree {
  readonly root: StructElem = { type: 'Document', kids: [] };
  private readonly mcids = new Map<PDFPage, (StructElem | undefined)[]>();

  constructor(private readonly doc: PDFDocument) {}

  elem(type: StructType, parent: StructElem = this.root, alt?: string): StructElem {
    const e: StructElem = { type, kids: [], ...(alt !== undefined && { alt }) };
    parent.kids.push(e);
    return e;
  }

  /** Records the next marked-content sequence of `page` as content of `elem`: its MCID. */
  mark(page: PDFPage, elem: StructElem): number {
    const list = this.mcids.get(page) ?? [];
    this.mcids.set(page, list);
    const mcid = list.length;
    list.push(elem);
    elem.kids.push({ page, mcid });
    return mcid;
  }

  /** Writes the structure tree and the catalogue entries of a tagged PDF. */
  finish(language: string, title: string) {
    const { context, catalog } = this.doc;
    const refs = new Map<StructElem, PDFRef>();
    const all: [StructElem, PDFRef | null][] = [];
    const visit = (e: StructElem, parent: PDFRef | null) => {
      refs.set(e, context.nextRef());
      all.push([e, parent]);
      for (const k of e.kids) if ('type' in k) visit(k, refs.get(e)!);
    };
    const rootRef = context.nextRef();
    visit(this.root, rootRef);
    for (const [e, parent] of all) {
      const kids = e.kids.map((k) =>
        'type' in k ? refs.get(k)! : context.obj({ Type: 'MCR', Pg: k.page.ref, MCID: k.mcid }),
      );
      const dict = context.obj({ Type: 'StructElem', S: e.type, P: parent, K: kids }) as PDFDict;
      if (e.alt !== undefined) dict.set(PDFName.of('Alt'), PDFHexString.fromText(e.alt));
      context.assign(refs.get(e)!, dict);
    }
    const nums = PDFArray.withContext(context);
    this.doc.getPages().forEach((page, i) => {
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(i));
      page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
      nums.push(PDFNumber.of(i));
      nums.push(context.obj((this.mcids.get(page) ?? []).map((e) => (e ? refs.get(e)! : null))));
    });
    const parentTree = context.register(context.obj({ Nums: nums }));
    context.assign(
      rootRef,
      context.obj({
        Type: 'StructTreeRoot',
        K: refs.get(this.root)!,
        ParentTree: parentTree,
        ParentTreeNextKey: this.doc.getPageCount(),
      }),
    );
    catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
    catalog.set(PDFName.of('Lang'), PDFString.of(language));
    catalog.set(PDFName.of('ViewerPreferences'), context.obj({ DisplayDocTitle: true }));
    const xmp = `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${title.replace(/[<&>]/g, '')}</rdf:li></rdf:Alt></dc:title>
<pdfuaid:part>1</pdfuaid:part>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;
    const metadata = context.stream(Buffer.from(xmp, 'utf8'), { Type: 'Metadata', Subtype: 'XML' });
    catalog.set(PDFName.of('Metadata'), context.register(metadata));
  }
}
