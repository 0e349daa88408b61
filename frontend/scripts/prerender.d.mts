export interface RenderedPage {
  html: string;
  styles?: string;
  head: { title?: string; description?: string };
  /** True for the pages the app hydrates (the sign-in forms); false for the static public pages. */
  hydrate?: boolean;
}
export type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
export function islandsIn(html: string): string[];
export function entryFiles(manifest: ViteManifest, key: string): string[];
export function islandEntry(name: string): string;
export function withoutAppScripts(template: string): string;
export function addIslandScripts(page: string, manifest: ViteManifest): string;
export function inlineStylesheets(template: string, readAsset: (file: string) => string): string;
export function deprioritiseScripts(template: string): string;
export function fillTemplate(template: string, page: RenderedPage): string;
