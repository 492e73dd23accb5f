/**
 * fast-xml-parser's XMLParser, the library loaded with the first XML read rather than at start-up
 * (a synchronous require: its readers are synchronous).
 */
import { createRequire } from 'node:module';
import type { X2jOptions, XMLParser } from 'fast-xml-parser';

const require = createRequire(import.meta.url);

export function xmlParser(options: X2jOptions): XMLParser {
  const { XMLParser: Parser } = require('fast-xml-parser') as typeof import('fast-xml-parser');
  return new Parser(options);
}
