/**
 * The answer to the contact form posted without JavaScript when it could not be sent (a missing field, too many
 * messages): a small page of its own, styled inline, that says why and leads back to the form. Success is a
 * redirect to the prerendered page CONTACT_SENT_PAGE instead.
 */
import { escapeHtml } from '../../infra/mail/templates/layout.js';

export const CONTACT_SENT_PAGE = '/contact/sent';

export function contactFormErrorPage(messages: readonly string[]): string {
  const items = messages.map((m) => `<li>${escapeHtml(m)}</li>`).join('');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta name="robots" content="noindex">
<title>Message not sent · Redpen</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#F0F0F0;color:#1a202c;line-height:1.5}
header{background:#fff;border-bottom:1px solid #e2e8f0;padding:1rem 1.5rem}
header a{color:#E63946;font-weight:800;font-size:1.5rem;text-decoration:none}
main{max-width:40rem;margin:2.5rem auto;padding:1.5rem 2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{font-size:1.75rem;margin:0 0 1rem}
ul{color:#9b1c1c;padding-left:1.25rem}
a.back{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border-radius:.4rem;background:#C1121F;color:#fff;font-weight:600;text-decoration:none}
</style>
</head>
<body>
<header><a href="/" aria-label="Redpen home">Redpen</a></header>
<main>
<h1>Your message was not sent</h1>
<ul role="alert">${items}</ul>
<p>Go back to the form to correct it: your browser's Back button keeps what you typed.</p>
<a class="back" href="/contact">Back to the contact form</a>
</main>
</body>
</html>
`;
}
