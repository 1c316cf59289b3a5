import { Parser } from 'htmlparser2';
import { dtdRefused, isDtdDeclaration, withoutPrefix } from './xml-tree';

export interface XmlEventHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

/**
 * Streams an XML part through handlers (element names without their prefix), for parts too
 * large to hold as a tree, such as worksheets. A DTD is refused as in `parseXml`.
 */
export function streamXml(text: string, partName: string, handlers: XmlEventHandlers): void {
  let refused = false;
  const parser = new Parser(
    {
      onprocessinginstruction(name) {
        if (isDtdDeclaration(name)) refused = true;
      },
      onopentag(name, attributes) {
        if (!refused) handlers.open?.(withoutPrefix(name), attributes);
      },
      ontext(data) {
        if (!refused) handlers.text?.(data);
      },
      onclosetag(name) {
        if (!refused) handlers.close?.(withoutPrefix(name));
      },
    },
    { xmlMode: true },
  );
  parser.end(text);
  if (refused) throw dtdRefused(partName);
}
