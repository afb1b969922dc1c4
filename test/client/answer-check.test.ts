import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../harness/answer-check.js';

const json = (status: number, body: unknown) => ({
  status,
  headers: new Headers({ 'content-type': 'application/json; charset=utf-8' }),
  body,
  text: JSON.stringify(body),
});

const error = { error: { code: 'not_found', message: 'No such workspace.', requestId: 'req-1' } };

describe('checkAnswer (every answer the test helpers receive)', () => {
  it('lets a documented error envelope through', () => {
    expect(() => checkAnswer('POST', '/v1/workspaces', json(404, error))).not.toThrow();
  });

  it('refuses a body its documented schema does not allow, naming the operation', () => {
    expect(() => checkAnswer('POST', '/v1/workspaces', json(404, { error: { code: 'not_found' } }))).toThrow(
      /POST \/v1\/workspaces → 404 \(\w+\): the body does not match the documented schema.*requestId/s,
    );
  });

  it('refuses a status the operation does not document', () => {
    expect(() => checkAnswer('POST', '/v1/workspaces', json(418, error))).toThrow(/documents no 418 answer/);
  });

  it('finds the operation by its path template, the query left out', () => {
    expect(() => checkAnswer('GET', '/v1/members?limit=100', json(200, { nothing: true }))).toThrow(/GET \/v1\/members\?limit=100 → 200/);
  });

  it('leaves paths and methods the document does not describe alone', () => {
    expect(() => checkAnswer('GET', '/healthz', json(200, { ok: true }))).not.toThrow();
    expect(() => checkAnswer('GET', '/no/such/path', json(404, {}))).not.toThrow();
    expect(() => checkAnswer('HEAD', '/v1/members', { status: 200, headers: new Headers(), body: undefined, text: '' })).not.toThrow();
  });
});
