import { describe, expect, it } from 'vitest';
import { refusedAddress, refusedName } from '../../src/modules/customers/chat-webhook/address.js';
import { maskUrl } from '../../src/modules/customers/chat-webhook/service.js';
import { chatMessage, mrkdwn } from '../../src/modules/customers/chat-webhook/message.js';

/** The address rules of the chat webhook, alone: which addresses may be reached, with and without private ones allowed. */
describe('chat webhook addresses', () => {
  const alwaysRefused = [
    '0.0.0.0', '0.1.2.3', '169.254.169.254', '169.254.0.1', '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '192.0.2.5', '198.18.0.1',
    '::', 'fe80::1', 'febf::1', 'ff02::1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '::ffff:0.0.0.0', '64:ff9b::a9fe:a9fe', '2001:db8::1',
  ];
  const privateOnes = [
    '127.0.0.1', '127.255.255.254', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.0.1', '100.64.0.1', '100.127.255.255',
    '::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.1.2.3', '::ffff:c0a8:101', '::127.0.0.1',
  ];
  const publicOnes = ['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '169.253.255.255', '11.0.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'];

  it.each(alwaysRefused)('refuses %s even with private addresses allowed', (address) => {
    expect(refusedAddress(address, true)).not.toBeNull();
    expect(refusedAddress(address, false)).not.toBeNull();
  });
  it.each(privateOnes)('refuses %s unless private addresses are allowed', (address) => {
    expect(refusedAddress(address, false)).toMatch(/loopback or private/);
    expect(refusedAddress(address, true)).toBeNull();
  });
  it.each(publicOnes)('accepts %s', (address) => {
    expect(refusedAddress(address, false)).toBeNull();
  });
  it('refuses metadata names, in any case and with a trailing dot', () => {
    expect(refusedName('metadata.google.internal')).not.toBeNull();
    expect(refusedName('METADATA.google.internal.')).not.toBeNull();
    expect(refusedName('hooks.slack.com')).toBeNull();
  });
  it('masks the URL to scheme, host and the last four characters', () => {
    expect(maskUrl('https://hooks.slack.com/services/T00/B00/XXXXabcd')).toBe('https://hooks.slack.com/…abcd');
    expect(maskUrl('https://chat.example.com:8443/h/abc')).toBe('https://chat.example.com:8443/…');
  });
  it('escapes mrkdwn and builds a section and a context block', () => {
    expect(mrkdwn('a <b> & c')).toBe('a &lt;b&gt; &amp; c');
    const m = chatMessage({ event: 'request.public_comment', portal: { name: 'P' }, request: { reference: 'R-1', title: 'T', url: 'https://p.example/requests/R-1' }, statusLabel: 'Open', detail: { author: 'Ann', authorKind: 'customer', excerpt: 'hi\n<there>' } });
    expect(m.text).toBe('New public comment on R-1: T (P) by Ann: hi\n<there>');
    expect(m.blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: 'New public comment on <https://p.example/requests/R-1|R-1> T (*P*) by Ann (customer):\n>hi\n>&lt;there&gt;' } });
    expect(m.blocks[1].type).toBe('context');
  });
});
