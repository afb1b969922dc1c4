import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link in README.md and docs/ leads to a file or folder of the repository (and, with
 * `#anchor`, to a heading of that Markdown file), so a document moved or renamed is caught here.
 */
const root = process.cwd();

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1])));
}

/** The links of a Markdown text outside code blocks and code spans: `[text](target)`. */
function linksIn(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
}

const documents = [path.join(root, 'README.md'), ...(existsSync(path.join(root, 'docs')) ? markdownFiles(path.join(root, 'docs')) : [])];

describe('links in the documents', () => {
  it('covers the README and docs/', () => {
    expect(documents.length).toBeGreaterThan(1);
  });

  it.each(documents.map((file) => ({ name: path.relative(root, file), file })))('$name: every relative link resolves', ({ file }) => {
    const broken: string[] = [];
    for (const link of linksIn(readFileSync(file, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // http:, https:, mailto: are not files of ours
      const [target, anchor] = link.split('#');
      const resolved = target === '' ? file : path.resolve(path.dirname(file), decodeURI(target));
      if (!resolved.startsWith(root + path.sep) && resolved !== root) broken.push(`${link} (outside the repository)`);
      else if (!existsSync(resolved)) broken.push(`${link} (no such file)`);
      else if (anchor && resolved.endsWith('.md') && !anchorsIn(resolved).has(anchor)) broken.push(`${link} (no such heading)`);
    }
    expect(broken).toEqual([]);
  });

  it('name nothing outside the repository', () => {
    const outside = documents.filter((file) => /\.\.\/shared\//.test(readFileSync(file, 'utf8'))).map((file) => path.relative(root, file));
    expect(outside).toEqual([]);
  });
});
