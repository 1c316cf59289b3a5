import { zipOf } from './zip-writer';
import { contentTypesXml, escapeXml, OFFICE_RELATIONSHIPS, relationshipsXml } from './office-xml';

const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const PRESENTATION_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml';

/** One slide: a title placeholder, then a body placeholder, a table and speaker notes. */
export interface SlideSpec {
  title: string;
  /** Body placeholder paragraphs: bulleted as the master has it; `level` indents. */
  bullets?: Array<string | { text: string; level: number }>;
  /** A text box of plain paragraphs (no bullets). */
  text?: string[];
  /** The first row is the header row when `header` is set. */
  table?: { rows: string[][]; header?: boolean };
  notes?: string;
}

function paragraphs(items: Array<string | { text: string; level: number }>, plain: boolean) {
  return items
    .map((item) => {
      const { text, level } = typeof item === 'string' ? { text: item, level: 0 } : item;
      const properties = plain ? '<a:buNone/>' : '';
      return `<a:p><a:pPr lvl="${level}">${properties}</a:pPr><a:r><a:t>${escapeXml(text)}</a:t></a:r></a:p>`;
    })
    .join('');
}

function shape(id: number, placeholder: string | null, body: string): string {
  const ph = placeholder === null ? '' : `<p:ph ${placeholder}/>`;
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Shape ${id}"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>${body}</p:txBody></p:sp>`;
}

function tableFrame(id: number, table: NonNullable<SlideSpec['table']>): string {
  const rows = table.rows
    .map(
      (cells) =>
        `<a:tr h="370840">${cells
          .map(
            (cell) =>
              `<a:tc><a:txBody><a:bodyPr/><a:p><a:r><a:t>${escapeXml(cell)}</a:t></a:r></a:p></a:txBody></a:tc>`,
          )
          .join('')}</a:tr>`,
    )
    .join('');
  return `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="${id}" name="Table ${id}"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/><a:graphic><a:graphicData uri="${A}/table"><a:tbl><a:tblPr firstRow="${table.header ? 1 : 0}"/>${rows}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
}

function slideXml(slide: SlideSpec): string {
  const shapes = [
    shape(2, 'type="title"', paragraphs([slide.title], true)),
    ...(slide.bullets ? [shape(3, 'type="body" idx="1"', paragraphs(slide.bullets, false))] : []),
    ...(slide.text ? [shape(4, null, paragraphs(slide.text, true))] : []),
    ...(slide.table ? [tableFrame(5, slide.table)] : []),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:p="${P}" xmlns:a="${A}" xmlns:r="${OFFICE_RELATIONSHIPS}"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shapes.join('')}</p:spTree></p:cSld></p:sld>`;
}

function notesXml(notes: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><p:notes xmlns:p="${P}" xmlns:a="${A}"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(
    2,
    'type="body" idx="1"',
    paragraphs(notes.split('\n'), true),
  )}</p:spTree></p:cSld></p:notes>`;
}

/** A PPTX of these slides in order, each with its notes page when it has notes. */
export function pptxOf(slides: SlideSpec[]): Uint8Array {
  const parts: Record<string, string> = {};
  const types: Record<string, string> = {
    'ppt/presentation.xml': `${PRESENTATION_TYPE}.presentation.main+xml`,
  };
  slides.forEach((slide, index) => {
    const n = index + 1;
    parts[`ppt/slides/slide${n}.xml`] = slideXml(slide);
    types[`ppt/slides/slide${n}.xml`] = `${PRESENTATION_TYPE}.slide+xml`;
    if (slide.notes) {
      parts[`ppt/notesSlides/notesSlide${n}.xml`] = notesXml(slide.notes);
      parts[`ppt/slides/_rels/slide${n}.xml.rels`] = relationshipsXml([
        ['rId1', 'notesSlide', `../notesSlides/notesSlide${n}.xml`],
      ]);
      types[`ppt/notesSlides/notesSlide${n}.xml`] = `${PRESENTATION_TYPE}.notesSlide+xml`;
    }
  });
  return zipOf({
    '[Content_Types].xml': contentTypesXml(types),
    '_rels/.rels': relationshipsXml([['rId1', 'officeDocument', 'ppt/presentation.xml']]),
    'ppt/_rels/presentation.xml.rels': relationshipsXml(
      slides.map((_, i) => [`rId${i + 1}`, 'slide', `slides/slide${i + 1}.xml`]),
    ),
    'ppt/presentation.xml': `<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="${P}" xmlns:r="${OFFICE_RELATIONSHIPS}"><p:sldIdLst>${slides
      .map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`)
      .join('')}</p:sldIdLst></p:presentation>`,
    ...parts,
  });
}
