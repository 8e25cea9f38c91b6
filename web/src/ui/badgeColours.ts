import type { CSSProperties } from 'react';

/** WCAG relative luminance of a #rgb or #rrggbb colour (a leading # optional); null for anything else. */
function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(digits.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Luminance of the page's dark text (--text, #1f2328) plus the WCAG flare term. */
const DARK_TEXT = 0.0666;

/**
 * Of white and the page's dark text, the one that contrasts more with a colour known only at run time (a badge's
 * hex code from the server); undefined for a value that is not a plain hex colour.
 */
export function contrastingShade(colour: string | null | undefined): string | undefined {
  const light = colour ? luminance(colour) : null;
  if (light === null) return undefined;
  return 1.05 / (light + 0.05) >= (light + 0.05) / DARK_TEXT ? '#ffffff' : 'var(--text)';
}

const hexOf = (colour: string) => (colour.startsWith('#') ? colour : `#${colour}`);

/** A badge title in its own colour (000 §2) on the shade that keeps it readable; nothing for a bad colour. */
export function badgeTitleStyle(colour: string | null | undefined): CSSProperties | undefined {
  const shade = contrastingShade(colour);
  return shade && colour ? { color: hexOf(colour), background: shade } : undefined;
}

/** A badge painted in its own colour, its title in the shade that reads on it. */
export function badgeChipStyle(colour: string | null | undefined): CSSProperties | undefined {
  const shade = contrastingShade(colour);
  return shade && colour ? { background: hexOf(colour), color: shade } : undefined;
}
