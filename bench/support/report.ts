import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

/** One figure an issue names, as measured, beside what bounds it from below (the floor) and what it should reach (the aim). */
export interface Aim {
  what: string;
  measured: string | number;
  floor?: string | number;
  aim: string;
  met: boolean;
}

export const printAims = (aims: Aim[]) =>
  console.table(aims.map((a) => ({ what: a.what, measured: a.measured, floor: a.floor ?? '', aim: a.aim, met: a.met ? 'met' : 'MISSED' })));

/** Prints a table (and the aims, when given) and writes bench/results/<name>.json. */
export function report(name: string, rows: Array<Record<string, string | number>>, extra: Record<string, unknown> & { aims?: Aim[] } = {}): void {
  console.table(rows);
  if (extra.aims?.length) printAims(extra.aims);
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ benchmark: name, at: new Date().toISOString(), rows, ...extra }, null, 2));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
