import { describe, expect, it } from 'vitest';
import { mentionedLogins, newlyMentioned } from '../../src/modules/work/notifications/mentions.js';

/** `@login` as GitHub reads it in Markdown. */
describe('mentions', () => {
  it.each([
    ['@alice hi', ['alice']],
    ['hi @Alice and @ALICE, (@bob) "@carol-d"!', ['alice', 'bob', 'carol-d']],
    ['@a1-b2-c3 @x', ['a1-b2-c3', 'x']],
    ['line one\n@dave: look', ['dave']],
    ['mail alice@example.com or a@b.c', []],
    ['the team @acme/devs, not a person', []],
    ['@-nope @no--pe @_under', []],
    ['trailing @hyphen- is punctuation', ['hyphen']],
    ['`@inline` and ``@double `tick` @inner`` but @outside', ['outside']],
    ['```\n@fenced\n```\n@after', ['after']],
    ['~~~js\n@tilde\n~~~~\n', []],
    ['```\n@unclosed fence\n', []],
    ['para\n\n    @indented code\n\n@real', ['real']],
    ['- item\n\n    @list continuation', ['list continuation'.split(' ')[0]]],
    ['<!-- @hidden --> @shown', ['shown']],
    ['@' + 'a'.repeat(39) + ' @' + 'b'.repeat(40), ['a'.repeat(39)]],
    ['@\u2060joined', []],
    ['unmatched ` tick @still', ['still']],
    ['', []],
  ])('%j', (text, expected) => {
    expect(mentionedLogins(text)).toEqual(expected);
  });

  it('an edit newly mentions only those the old text did not', () => {
    expect(newlyMentioned('@alice', '@Alice @bob')).toEqual(['bob']);
    expect(newlyMentioned(null, '@carol')).toEqual(['carol']);
    expect(newlyMentioned('@carol', '`@carol`')).toEqual([]);
  });
});
