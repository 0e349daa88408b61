import type { RenderedMail } from '../mail.types.js';

/**
 * Every email the platform sends, by stable name, as the modules contribute them (`<module>.mails.ts`): a template
 * is a pure function from its data to the subject, HTML and text (data is escaped by the layout). Infra names
 * none of them. A module's mails file declares its set twice over, side by side:
 *
 *   const essayMails = { 'essays.marked': (d: { name: string; … }) => layout(…) };
 *   declare module '../../infra/mail/templates/index.js' { interface MailTemplates extends TemplatesOf<typeof essayMails> {} }
 *   defineMailTemplates(essayMails);
 *
 * so `MailService.send` is typed against every name and its data, and the mail handler can render each one.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, module by module
export interface MailTemplates {}
export type TemplateName = keyof MailTemplates & string;
export type TemplateData<T extends TemplateName> = MailTemplates[T];

type Renderer = (data: never) => RenderedMail;
/** Name → data type of a set of templates, for the declaration merge. */
export type TemplatesOf<S extends Record<string, Renderer>> = { [K in keyof S]: Parameters<S[K]>[0] };

const renderers = new Map<string, Renderer>();

/** Registers a module's templates (at import time of its mails file); a name defined twice is a start-up error. */
export function defineMailTemplates(set: Record<string, Renderer>): void {
  for (const [name, render] of Object.entries(set)) {
    if (renderers.has(name) && renderers.get(name) !== render) throw new Error(`Mail template "${name}" is defined twice`);
    renderers.set(name, render);
  }
}

export function isTemplateName(name: string): name is TemplateName {
  return renderers.has(name);
}

export function renderTemplate<T extends TemplateName>(name: T, data: TemplateData<T>): RenderedMail {
  const render = renderers.get(name);
  if (!render) throw new Error(`Mail template "${name}" is not defined: its module's mails file was not loaded`);
  return (render as (data: TemplateData<T>) => RenderedMail)(data);
}
