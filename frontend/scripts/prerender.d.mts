export interface RenderedPage {
  html: string;
  styles?: string;
  head: { title?: string; description?: string };
}
export type ViteManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean }>;
export function islandsIn(html: string): string[];
export function entryFiles(manifest: ViteManifest, key: string): string[];
export function islandEntry(name: string): string;
export function withoutAppScripts(template: string): string;
export function addIslandScripts(page: string, manifest: ViteManifest): string;
export function inlineStylesheets(template: string, readAsset: (file: string) => string): string;
export const NEXT_PAGES: Record<'sign-in' | 'register', RegExp>;
export function appFilesFor(manifest: ViteManifest, routes: RegExp): string[];
export function addPrefetchHints(page: string, manifest: ViteManifest): string;
export function fillTemplate(template: string, page: RenderedPage): string;
