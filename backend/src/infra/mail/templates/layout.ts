import type { RenderedMail } from '../mail.types.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes user-supplied text before it goes into HTML mail. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/**
 * Wraps paragraphs into the house HTML layout and a plain-text twin. Paragraphs are plain text; they are
 * escaped here, so templates never build HTML from user input by hand.
 */
export function layout(subject: string, paragraphs: string[], footer = 'Redpen · London, United Kingdom'): RenderedMail {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const html = `<!doctype html><html><body style="margin:0;background:#F0F0F0;font-family:Arial,sans-serif;color:#000">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:24px">
<tr><td style="font-size:22px;font-weight:bold;color:#E63946;padding-bottom:16px">Redpen</td></tr>
<tr><td>${body}</td></tr>
<tr><td style="font-size:12px;color:#555;padding-top:16px;border-top:1px solid #A8DADC">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = `${paragraphs.join('\n\n')}\n\n--\n${footer}\n`;
  return { subject, html, text };
}
