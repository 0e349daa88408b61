import { ChakraProvider, type SystemContext } from '@chakra-ui/react/styled-system';
import { useState, type ReactNode } from 'react';
import { PRERENDERED_CSS_ID } from '../lib/prerendered-css';
import { getSystem } from './system';

/** True when the page already carries Chakra's global styles: the prerendered HTML has them in its head. */
function globalCssInDocument(): boolean {
  return typeof document !== 'undefined' && document.getElementById(PRERENDERED_CSS_ID) !== null;
}

/**
 * The system as ChakraProvider sees it when the global styles (reset, token variables, layer order) are
 * already in the page: the same system, minus those, so they are neither rebuilt nor serialised again (the
 * build makes Chakra compute them only when read: see `chakraLazyGlobalCss` in vite.config.ts).
 */
function withoutGlobalCss(system: SystemContext): SystemContext {
  return Object.create(system, {
    _global: { value: [] },
    _config: { value: { ...system._config, disableLayers: true } },
  }) as SystemContext;
}

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [system] = useState(() => (globalCssInDocument() ? withoutGlobalCss(getSystem()) : getSystem()));
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
