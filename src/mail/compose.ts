/** Text made safe as HTML element content and as a quoted attribute value, for the HTML part of a mail. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A portal's accent colour for a mail's style attributes: only a plain `#rrggbb`, else a neutral grey. */
export const mailAccent = (color: string | null) => (color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#333333');

/** One-click unsubscribe (RFC 8058): `List-Unsubscribe` with `List-Unsubscribe-Post`. */
export const oneClickUnsubscribe = (url: string) => ({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
