import { describe, expect, it } from 'vitest';
import { parseCommentVisibility, PUBLIC_MARKER, readCommentVisibility, withCommentVisibility } from '../../src/modules/work/issues/comment-visibility.js';
import { parsePublicReplyMarker, withPublicReplyMarker } from '../../src/modules/work/issues/public-reply-marker.js';

describe('the public-visibility marker', () => {
  it('round-trips a body through add and parse', () => {
    const body = 'Fixed in 2.1.\n\n— Ada (Acme)';
    const sent = withCommentVisibility(body, 'public');
    expect(sent.endsWith(PUBLIC_MARKER)).toBe(true);
    expect(parseCommentVisibility(sent)).toEqual({ visibility: 'public', body });
  });

  it('is added once, however often an edit resends it', () => {
    const once = withCommentVisibility('Hello', 'public');
    expect(withCommentVisibility(once, 'public')).toBe(once);
    expect(once.split(PUBLIC_MARKER)).toHaveLength(2);
  });

  it('making a comment internal removes the marker', () => {
    expect(withCommentVisibility(withCommentVisibility('Hello', 'public'), 'internal')).toBe('Hello');
  });

  it('a body without the marker is internal and unchanged', () => {
    expect(parseCommentVisibility('<!-- svc:visibility=internal -->\nplain')).toEqual({
      visibility: 'internal',
      body: '<!-- svc:visibility=internal -->\nplain',
    });
    expect(parseCommentVisibility('')).toEqual({ visibility: 'internal', body: '' });
  });
});

describe('the public-reply marker typed on GitHub', () => {
  it('starts the comment, in any case, before the text or alone on the first line', () => {
    expect(parsePublicReplyMarker('Public reply: Fixed in 2.3.')).toEqual({ marker: 'Public reply: ', text: 'Fixed in 2.3.' });
    expect(parsePublicReplyMarker('  PUBLIC REPLY:\r\n\r\nFixed.\nThanks')).toEqual({ marker: '  PUBLIC REPLY:\r\n\r\n', text: 'Fixed.\nThanks' });
    expect(parsePublicReplyMarker('public reply:\n    indented code')?.text).toBe('    indented code');
  });

  it('counts nowhere else in the comment, nor without its colon', () => {
    expect(parsePublicReplyMarker('Thanks. Public reply: later')).toBeNull();
    expect(parsePublicReplyMarker('> Public reply: quoted')).toBeNull();
    expect(parsePublicReplyMarker('Public reply soon')).toBeNull();
    expect(parsePublicReplyMarker('')).toBeNull();
  });

  it('is kept as typed when the text changes', () => {
    const typed = parsePublicReplyMarker('Public reply:\nOld words')!;
    expect(withPublicReplyMarker(typed.marker, 'New words')).toBe('Public reply:\nNew words');
  });

  it('makes a comment public only where it was vouched for, and only on a comment the service did not write', () => {
    expect(readCommentVisibility('Public reply: Hello', false, true)).toEqual({ visibility: 'public', body: 'Hello' });
    expect(readCommentVisibility('Public reply: Hello', false, false)).toEqual({ visibility: 'internal', body: 'Public reply: Hello' });
    expect(readCommentVisibility('Public reply: Hello', true, true)).toEqual({ visibility: 'internal', body: 'Public reply: Hello' });
    expect(readCommentVisibility('Edited without it', false, true)).toEqual({ visibility: 'internal', body: 'Edited without it' });
  });
});
