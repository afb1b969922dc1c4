import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Path of a file inside an installed package, found along Node's module search paths (ignores package "exports"). */
export function pkgFile(pkg: string, file: string): string {
  const require = createRequire(import.meta.url);
  for (const dir of require.resolve.paths(pkg) ?? []) {
    const p = join(dir, pkg, file);
    if (existsSync(p)) return p;
  }
  throw new Error(`cannot find ${pkg}/${file}`);
}
