import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server.ts';

/** A Markdown table from rows of cells (the first row is the header). */
export function markdownTable(rows: readonly (readonly (string | number)[])[]): string {
  const [head, ...body] = rows.map((row) => row.map(String));
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head!), line(head!.map(() => '---')), ...body.map(line)].join('\n');
}

/** Writes `bench/results/<date>-<name>.md` and `.json`; answers the Markdown file's path. */
export function writeReport(name: string, markdown: string, data: unknown): string {
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
  const base = join(dir, `${stamp}-${name}`);
  writeFileSync(`${base}.md`, `${markdown}\n`);
  writeFileSync(`${base}.json`, `${JSON.stringify(data, null, 2)}\n`);
  return `${base}.md`;
}
