import { type DocumentPage, type ParsedDocument } from '@docent/document-model';
import { gridBlocks } from '../../blocks/grid-blocks';
import {
  mainPartName,
  readRelationships,
  relationshipOfKind,
  requireXmlPart,
} from '../../ooxml/package-parts';
import { attr, childElements, childPath, prefixedAttr } from '../../xml/xml-tree';
import { type ZipArchive } from '../../zip/zip-archive';
import { readCellFormats } from './number-formats';
import { readSharedStrings } from './shared-strings';
import { readSheet, type WorkbookContext } from './sheet-reader';

function optionalText(zip: ZipArchive, partName: string | undefined): string | undefined {
  return partName && zip.has(partName) ? zip.readText(partName) : undefined;
}

/** XLSX → one page per sheet in workbook order (`label` = sheet name); chart sheets stay empty. */
export function parseXlsx(zip: ZipArchive): ParsedDocument {
  const mainPart = mainPartName(zip, 'xl/workbook.xml');
  const workbook = requireXmlPart(zip, mainPart, 'XLSX');
  const relationships = readRelationships(zip, mainPart);

  const sharedStringsPart = relationshipOfKind(relationships, 'sharedStrings')?.target;
  const sharedStringsXml = optionalText(zip, sharedStringsPart);
  const stylesPart = relationshipOfKind(relationships, 'styles')?.target;
  const workbookPr = childPath(workbook, 'workbook', 'workbookPr');
  const date1904 = ['1', 'true'].includes((workbookPr && attr(workbookPr, 'date1904')) ?? '');
  const context: WorkbookContext = {
    sharedStrings:
      sharedStringsXml !== undefined && sharedStringsPart
        ? readSharedStrings(sharedStringsXml, sharedStringsPart)
        : [],
    cellFormats: readCellFormats(optionalText(zip, stylesPart), stylesPart ?? 'styles'),
    date1904,
  };

  const sheetList = childPath(workbook, 'workbook', 'sheets');
  const sheets = sheetList ? childElements(sheetList, 'sheet') : [];
  const pages = sheets.map((sheet, index): DocumentPage => {
    const pageNum = index + 1;
    const label = attr(sheet, 'name');
    const relationId = prefixedAttr(sheet, 'id');
    const relationship = relationId ? relationships.get(relationId) : undefined;
    const sheetPart = relationship?.kind === 'worksheet' ? relationship.target : undefined;
    const xml = optionalText(zip, sheetPart);
    const blocks =
      xml !== undefined && sheetPart ? gridBlocks(readSheet(xml, sheetPart, context)) : [];
    return label ? { pageNum, label, blocks } : { pageNum, blocks };
  });
  return { pages };
}
