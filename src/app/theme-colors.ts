import { darken, DEFAULT_THEME, lighten, luminance, type CSSVariablesResolver, type MantineTheme } from '@mantine/core';

/*
 * Colours that pass WCAG 2.1 AA (4.5:1 for text) in both colour schemes.
 *
 * Mantine's defaults do not: dimmed text (gray.6 on white is 3.3:1), error text (red.6, 3.3:1), links and
 * the primary button (indigo.6 with white, 4.3:1), light badges (green.9 on green.1, 3.8:1), and in dark
 * mode dimmed (dark.2 on dark.6, 3.5:1) and error (red.8 on dark.6, 3:1). Each colour is kept as close to
 * the design as it can be: the theme's shade, darkened (light) or lightened (dark) in small steps until it
 * reads on every background it is drawn on.
 */

const TARGET = 4.6; // a hair above 4.5 so rounding never tips a colour under

function contrast(a: string, b: string): number {
  const x = luminance(a);
  const y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** `color`, moved towards black (or white) in 5 % steps until it reaches the target on every background. */
function readable(color: string, backgrounds: string[], towards: 'darker' | 'lighter'): string {
  const passes = (c: string) => backgrounds.every((b) => contrast(c, b) >= TARGET);
  if (passes(color)) return color;
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const next = towards === 'darker' ? darken(color, amount) : lighten(color, amount);
    if (passes(next)) return next;
  }
  return towards === 'darker' ? '#000000' : '#ffffff';
}

const WHITE = '#ffffff';

/** The text colours of one scheme (dimmed, placeholder, error, link), each made readable on its surfaces. */
function textColors([dimmed, placeholder, error, anchor]: [string, string, string, string], surfaces: string[], towards: 'darker' | 'lighter') {
  return {
    '--mantine-color-dimmed': readable(dimmed, surfaces, towards),
    '--mantine-color-placeholder': readable(placeholder, surfaces, towards),
    '--mantine-color-error': readable(error, surfaces, towards),
    '--mantine-color-anchor': readable(anchor, surfaces, towards),
  };
}

export const accessibleColors: CSSVariablesResolver = (theme: MantineTheme) => {
  const gray = theme.colors.gray ?? DEFAULT_THEME.colors.gray;
  const dark = theme.colors.dark ?? DEFAULT_THEME.colors.dark;
  const palettes = Object.entries(theme.colors).filter(([name, shades]) => name !== 'dark' && Array.isArray(shades) && shades.length >= 10);
  // Where text sits: the page, cards and inputs, table stripes and hovered rows, and the pale tints of
  // light variants (selected rows, chat bubbles, badges).
  const lightSurfaces = [theme.white, gray[0], gray[1], ...palettes.map(([, shades]) => shades[1])];
  const darkSurfaces = [dark[7], dark[6], dark[5], ...palettes.map(([, shades]) => darken(shades[9], 0.5))];
  const light: Record<string, string> = {};
  const darkVars: Record<string, string> = {};

  for (const [name, shades] of palettes) {
    const lightText = readable(shades[6], lightSurfaces, 'darker');
    const darkText = readable(shades[4], darkSurfaces, 'lighter');
    // Filled buttons and badges carry white text.
    const lightFilled = readable(shades[6], [WHITE], 'darker');
    const darkFilled = readable(shades[8], [WHITE], 'darker');
    Object.assign(light, {
      [`--mantine-color-${name}-text`]: lightText,
      [`--mantine-color-${name}-outline`]: lightText,
      [`--mantine-color-${name}-filled`]: lightFilled,
      [`--mantine-color-${name}-filled-hover`]: darken(lightFilled, 0.1),
      // Light variants: the colour's text on its own pale tint (shade 1, shade 2 when hovered).
      [`--mantine-color-${name}-light-color`]: readable(shades[9], [shades[1], shades[2]], 'darker'),
    });
    Object.assign(darkVars, {
      [`--mantine-color-${name}-text`]: darkText,
      [`--mantine-color-${name}-outline`]: darkText,
      [`--mantine-color-${name}-filled`]: darkFilled,
      [`--mantine-color-${name}-filled-hover`]: darken(darkFilled, 0.1),
    });
  }

  const primary = theme.colors[theme.primaryColor] ?? DEFAULT_THEME.colors.indigo;
  const red = theme.colors.red ?? DEFAULT_THEME.colors.red;
  return {
    variables: {},
    // Placeholders are text too (and the pickers draw theirs as a real element): readable, still grey.
    light: { ...light, ...textColors([gray[6], gray[5], red[6], primary[6]], lightSurfaces, 'darker') },
    dark: { ...darkVars, ...textColors([dark[2], dark[3], red[4], primary[4]], darkSurfaces, 'lighter') },
  };
};
