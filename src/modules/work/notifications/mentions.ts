/**
 * `@login` mentions in Markdown as GitHub reads them: outside code (fenced and indented blocks,
 * inline code spans) and HTML comments, not part of an e-mail address (`a@b.c`) or a team
 * (`@org/team`), and only a valid login (letters, digits, single hyphens between them, at most 39
 * characters). Logins are case-insensitive: the answer is lower case, each once.
 */
export function mentionedLogins(markdown: string | null | undefined): string[] {
  if (!markdown || !markdown.includes('@')) return [];
  const text = withoutCode(markdown.replace(/<!--[\s\S]*?(?:-->|$)/g, ' '));
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) found.add(match[2].toLowerCase());
  return [...found];
}

/** Mentions in `after` that `before` did not already make (an edit notifies only the newly mentioned). */
export function newlyMentioned(before: string | null | undefined, after: string | null | undefined): string[] {
  const old = new Set(mentionedLogins(before));
  return mentionedLogins(after).filter((login) => !old.has(login));
}

// Preceded by the start or a character that cannot be part of a word, an address or a path; the
// login itself; then nothing that would make it a longer word, an address or a team.
const MENTION = /(^|[^A-Za-z0-9_\-+.@/\\`])@([A-Za-z0-9](?:-?[A-Za-z0-9]){0,38})(?![A-Za-z0-9_@]|-[A-Za-z0-9-]|\/[A-Za-z0-9])/g;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})\s*$/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s/;
const indentOf = (line: string) => {
  let width = 0;
  for (const c of line) {
    if (c === ' ') width += 1;
    else if (c === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
};

/** The text with fenced and indented code blocks and inline code spans blanked out. */
function withoutCode(markdown: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  let previousBlank = true;
  let inIndented = false;
  let lastContentWasList = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (fence) {
      const close = FENCE_CLOSE.exec(line);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) fence = null;
      out.push('');
      continue;
    }
    const open = FENCE.exec(line);
    if (open && !(open[1][0] === '`' && line.slice(line.indexOf(open[1]) + open[1].length).includes('`'))) {
      fence = open[1];
      out.push('');
      previousBlank = false;
      inIndented = false;
      continue;
    }
    const blank = line.trim() === '';
    if (!blank && indentOf(line) >= 4 && (inIndented || (previousBlank && !lastContentWasList))) {
      inIndented = true;
      out.push('');
      previousBlank = false;
      continue;
    }
    if (!blank) {
      inIndented = false;
      lastContentWasList = LIST_ITEM.test(line) || (lastContentWasList && indentOf(line) >= 2);
    }
    previousBlank = blank;
    out.push(line);
  }
  return withoutCodeSpans(out.join('\n'));
}

/** Inline code: a run of N backticks up to the next run of exactly N; an unmatched run is literal. */
function withoutCodeSpans(text: string): string {
  let result = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '`') {
      result += text[i++];
      continue;
    }
    let n = 0;
    while (text[i + n] === '`') n++;
    const ticks = '`'.repeat(n);
    let search = i + n;
    let close = -1;
    while (search < text.length) {
      const at = text.indexOf(ticks, search);
      if (at === -1) break;
      let run = 0;
      while (text[at + run] === '`') run++;
      if (run === n) {
        close = at;
        break;
      }
      search = at + run;
    }
    if (close === -1) {
      result += ticks;
      i += n;
    } else {
      result += ' ';
      i = close + n;
    }
  }
  return result;
}
