export interface RenderedPage {
  html: string;
  styles?: string;
  head: { title?: string; description?: string };
}
export function inlineStylesheets(template: string, readAsset: (file: string) => string): string;
export function deprioritiseScripts(template: string): string;
export function fillTemplate(template: string, page: RenderedPage): string;
