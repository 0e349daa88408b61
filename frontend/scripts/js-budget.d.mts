export type ViteManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string }>;
export function scriptsOf(html: string): string[];
export function pageFiles(html: string, manifest: ViteManifest): string[];
export function budgetFor(path: string, budgets: Record<string, number>): number | undefined;
export function checkBudgets(input: {
  pages: Record<string, string>;
  manifest: ViteManifest;
  budgets: Record<string, number>;
  sizeOf: (file: string) => number;
}): { path: string; kb: number; budget: number; files: number; ok: boolean }[];
export interface SignedInBudgets {
  startup?: string[];
  pages: Record<string, { routes: string[]; startup?: string[]; budgetKB: number }>;
}
export function routeChunks(source: string, manifest: ViteManifest): string[];
export function appPageFiles(indexHtml: string, manifest: ViteManifest, entry: { routes: string[]; startup?: string[] }): string[];
export function checkAppBudgets(input: {
  indexHtml: string;
  manifest: ViteManifest;
  signedIn: SignedInBudgets;
  sizeOf: (file: string) => number;
}): { path: string; kb: number; budget: number; files: number; ok: boolean }[];
