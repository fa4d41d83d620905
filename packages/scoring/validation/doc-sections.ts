// Generated sections of docs/methodology.md: the text between `<!-- name:start -->` and `<!-- name:end -->`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** docs/methodology.md of this repository. */
const METHODOLOGY_DOC = fileURLToPath(new URL('../../../docs/methodology.md', import.meta.url));

/** Replaces the text between a section's markers; throws when the document lacks them. */
export function replaceDocSection(doc: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/methodology.md has no ${start} … ${end} section`);
  return `${doc.slice(0, from + start.length)}\n${body}\n${doc.slice(to)}`;
}

/** Writes sections (name → body) into docs/methodology.md. */
export function writeDocSections(sections: Readonly<Record<string, string>>): void {
  let doc = readFileSync(METHODOLOGY_DOC, 'utf8');
  for (const [name, body] of Object.entries(sections)) doc = replaceDocSection(doc, name, body);
  writeFileSync(METHODOLOGY_DOC, doc);
}
