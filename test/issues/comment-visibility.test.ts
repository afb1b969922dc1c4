import { describe, expect, it } from 'vitest';
import { parseCommentVisibility, PUBLIC_MARKER, withCommentVisibility } from '../../src/modules/work/issues/comment-visibility.js';

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
