import type { RenderedMail } from '../mail.types.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes user-supplied text before it goes into HTML mail. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** The one thing the mail asks its reader to do: a button to the exact page (and the link in the text twin). */
export interface MailAction {
  label: string;
  url: string;
}

export interface LayoutOptions {
  footer?: string;
  /** A button after the paragraphs (every notice leads to the page where its reader acts). */
  action?: MailAction;
}

const DEFAULT_FOOTER = 'Redpen · London, United Kingdom';

/**
 * Wraps paragraphs into the house HTML layout and a plain-text twin. Paragraphs are plain text; they are
 * escaped here, so templates never build HTML from user input by hand. Responsive: a viewport meta and a fluid
 * card (100 % wide up to 560 px), so a phone shows it without zooming; the action is a full-width-on-phones button.
 */
export function layout(subject: string, paragraphs: string[], options: string | LayoutOptions = {}): RenderedMail {
  const { footer = DEFAULT_FOOTER, action } = typeof options === 'string' ? { footer: options } : options;
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const button = action
    ? `<tr><td style="padding:8px 0 16px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#C1121F;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px;max-width:100%">${escapeHtml(action.label)}</a></td></tr>`
    : '';
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="margin:0;background:#F0F0F0;font-family:Arial,sans-serif;color:#000">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#fff;border-radius:8px;padding:24px;box-sizing:border-box">
<tr><td style="font-size:22px;font-weight:bold;color:#C1121F;padding-bottom:16px">Redpen</td></tr>
<tr><td>${body}</td></tr>
${button}<tr><td style="font-size:12px;color:#555;padding-top:16px;border-top:1px solid #A8DADC">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  const actionText = action ? `${action.label}: ${action.url}\n\n` : '';
  const text = `${paragraphs.join('\n\n')}\n\n${actionText}--\n${footer}\n`;
  return { subject, html, text };
}
