// The design system: Chakra's base config (conditions, utilities) + the default theme's tokens, text/layer/
// animation styles and global CSS + the spec's tokens + ONLY the recipes of components this app uses
// (./recipes.ts). `defaultConfig` (every recipe) is deliberately not imported: it doubled the entry chunk.
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { createSystem, defineConfig, type SlotRecipeConfig, type SystemContext } from '@chakra-ui/react/styled-system';
import {
  animationStyles,
  breakpoints as defaultBreakpoints,
  cssVarsRoot,
  globalCss as defaultGlobalCss,
  keyframes,
  layerStyles,
  semanticTokens as defaultSemanticTokens,
  textStyles,
  tokens as defaultTokens,
} from '@chakra-ui/react/theme';
import { recipes, slotRecipes } from './recipes';

/** Brand colours from the spec. */
export const brandColors = {
  primary: '#E63946',
  secondary: '#FFFFFF',
  accent: '#A8DADC',
  background: '#F0F0F0',
  text: '#000000',
} as const;

/** Spec breakpoints in px. */
export const breakpointsPx = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;

/**
 * Chakra's colour palettes this app leaves out: none of its screens uses them, and every token costs start-up
 * time (createSystem builds each into the token dictionary: these five are ~100 of its ~660 tokens).
 * `system.test.ts` fails when a source file names one. Gray is every recipe's default palette; red, orange,
 * green and blue are the status colours (errors, warnings, success, information).
 */
export const OMITTED_PALETTES = ['yellow', 'teal', 'cyan', 'purple', 'pink'] as const;

const withoutOmittedPalettes = <T extends Record<string, unknown>>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !(OMITTED_PALETTES as readonly string[]).includes(name))) as T;

/** The default theme minus its recipes (what `defaultConfig` adds to the base config). */
const themeConfig = defineConfig({
  preflight: true,
  cssVarsRoot,
  globalCss: defaultGlobalCss,
  theme: {
    breakpoints: defaultBreakpoints,
    keyframes,
    tokens: { ...defaultTokens, colors: withoutOmittedPalettes(defaultTokens.colors ?? {}) },
    semanticTokens: { ...defaultSemanticTokens, colors: withoutOmittedPalettes(defaultSemanticTokens.colors ?? {}) },
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

const config = defineConfig({
  // Keep CSS variables and class names short and scoped.
  cssVarsPrefix: 'rp',
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
    // A visible focus ring on every input (WCAG 2.4.7): Chakra's "inside" ring is a 1px change of the border, easy to
    // miss; every text field, select and text area gets a 2px ring in the brand red, outside its border.
    'input:not([type="checkbox"]):not([type="radio"]):not([type="file"]):focus-visible, select:focus-visible, textarea:focus-visible': {
      outline: '2px solid {colors.brand.600} !important',
      outlineOffset: '2px',
    },
    // Motion respects prefers-reduced-motion.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    breakpoints: {
      sm: `${breakpointsPx.sm}px`,
      md: `${breakpointsPx.md}px`,
      lg: `${breakpointsPx.lg}px`,
      xl: `${breakpointsPx.xl}px`,
    },
    tokens: {
      colors: {
        primary: { value: brandColors.primary },
        secondary: { value: brandColors.secondary },
        accent: { value: brandColors.accent },
        background: { value: brandColors.background },
        text: { value: brandColors.text },
        // A full scale around the primary red so `colorPalette="brand"` works with every recipe.
        brand: {
          50: { value: '#FDECEE' },
          100: { value: '#FAD0D4' },
          200: { value: '#F5A3AA' },
          300: { value: '#EF7680' },
          400: { value: '#EA5561' },
          500: { value: '#E63946' },
          600: { value: '#C1121F' },
          700: { value: '#A4161A' },
          800: { value: '#7C1921' },
          900: { value: '#561117' },
          950: { value: '#330A0E' },
        },
      },
      // The device's own interface font. `system-ui` covers every current browser; the old list of named
      // fallbacks (-apple-system, "Segoe UI", Roboto, …) only made the first layout look each one up.
      fonts: {
        heading: { value: 'system-ui, sans-serif' },
        body: { value: 'system-ui, sans-serif' },
      },
    },
    semanticTokens: {
      colors: {
        bg: { DEFAULT: { value: '{colors.background}' } },
        // Chakra's fg.error is red.500 (#EF4444, 3.8:1 on white); validation text needs 4.5:1 (WCAG 1.4.3): red.700 is 6.5:1.
        fg: { DEFAULT: { value: '{colors.text}' }, error: { value: '{colors.red.700}' } },
        brand: {
          // The spec's #E63946 reaches only 4.2:1 against white, so filled buttons and text use
          // brand.600 (#C1121F, 6.2:1); #E63946 stays for borders, focus rings and large display text.
          solid: { value: '{colors.brand.600}' },
          contrast: { value: '{colors.secondary}' },
          fg: { value: '{colors.brand.600}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: '{colors.brand.500}' },
        },
        // Chakra fills green and orange buttons with their 600 shades, which white text meets at 3.3:1 and 3.6:1
        // (axe: color-contrast, found by the phones journey on "Get Paid"); their 700 shades give 7:1 or more.
        green: { solid: { value: '{colors.green.700}' } },
        orange: { solid: { value: '{colors.orange.700}' } },
        accent: {
          solid: { value: '{colors.accent}' },
          contrast: { value: '{colors.text}' },
          fg: { value: '#1D5E61' },
          muted: { value: '#D6EEEF' },
          subtle: { value: '#EDF7F7' },
          emphasized: { value: '#BFE4E5' },
          focusRing: { value: '#1D5E61' },
          border: { value: '{colors.accent}' },
        },
      },
    },
  },
});

let built: SystemContext | null = null;

/**
 * Chakra's design system (tokens, CSS variables, recipes), built on first use rather than when this module
 * loads: building it is one of the longest pieces of start-up work, and main.tsx gives it a task of its own.
 */
export function getSystem(): SystemContext {
  // One call with the three configs: createSystem merges (deep-clones) its arguments itself.
  built ??= createSystem(defaultBaseConfig, themeConfig, config);
  return built;
}

/**
 * Adds the slot recipes of components that only a module loaded on demand renders (the mobile drawer, the bell's
 * popover, the toaster): that module calls this when it loads, before anything renders the component, so the first
 * load does not carry their recipes. Chakra reads a recipe from the system's theme when a component first asks for
 * it (and caches it from then on), so one added before that is used like one built in.
 */
export function registerSlotRecipes(slotRecipes: Record<string, SlotRecipeConfig>): void {
  const theme = getSystem()._config.theme;
  if (!theme) throw new Error('the design system has no theme');
  theme.slotRecipes = { ...theme.slotRecipes, ...slotRecipes };
}
