import type { ComponentChildren } from 'preact';

/** A portal's accent colour, the text colour readable on it, and the colour of text in it on white. */
export function accentColors(color: string | null | undefined): { accent: string; onAccent: string; accentInk: string } {
  const accent = color && /^#[0-9a-f]{6}$/i.test(color) ? color : '#0b5cad';
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(accent.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // White text needs (1.05) / (L + 0.05) >= 4.5; otherwise near-black text.
  const onAccent = 1.05 / (luminance + 0.05) >= 4.5 ? '#ffffff' : '#111111';
  // Text in the accent colour (links, focus rings) only where it is readable on white.
  return { accent, onAccent, accentInk: onAccent === '#ffffff' ? accent : '#1f2328' };
}

/**
 * Sets the accent's custom properties on `style` (the page's root on a portal, the preview's box in
 * the workspace application): through the CSSOM, which the sites' CSP allows where a style
 * attribute would not be.
 */
export function applyAccent(style: CSSStyleDeclaration, color: string | null | undefined): void {
  const { accent, onAccent, accentInk } = accentColors(color);
  style.setProperty('--accent', accent);
  style.setProperty('--on-accent', onAccent);
  style.setProperty('--accent-ink', accentInk);
}

/** The words a portal greets people with when the team wrote none. */
export const defaultWelcome = (name: string) => `Ask the team behind ${name} for help, report a problem, or suggest an idea, and follow what becomes of it.`;

/**
 * The top of a portal's home before signing in: its name, its welcome, the ways in (`actions`) and
 * whether anybody may make an account. The portal shows it; the workspace application previews it.
 */
export function PortalHero(props: { name: string; welcomeText: string | null | undefined; signUpOpen: boolean; title: ComponentChildren; actions: ComponentChildren }) {
  return (
    <section class="hero">
      {props.title}
      <p class="welcome">{props.welcomeText ?? defaultWelcome(props.name)}</p>
      <p class="button-row">{props.actions}</p>
      <p class="help">{props.signUpOpen ? 'Anybody may make an account here.' : 'This portal is invite-only: the team behind it sends invitations.'}</p>
    </section>
  );
}
