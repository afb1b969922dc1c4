import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

/** Prints a table and writes bench/results/<name>.json. */
export function report(name: string, rows: Array<Record<string, string | number>>, extra: Record<string, unknown> = {}): void {
  console.table(rows);
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ benchmark: name, at: new Date().toISOString(), rows, ...extra }, null, 2));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
