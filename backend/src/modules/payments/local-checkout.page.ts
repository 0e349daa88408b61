import { escapeHtml } from '../../infra/mail/templates/layout.js';

export interface LocalCheckoutView {
  sessionId: string;
  description: string;
  amount: string;
  /** null = open for payment; otherwise why the page only shows a way back. */
  closedReason: string | null;
  backUrl: string;
}

/**
 * The local gateway's checkout page: plain HTML with no script (the API's CSP allows none inline), readable at
 * 375 px, one form whose three submit buttons say what they do. Clearly marked as test mode: no card, no money.
 */
export function renderLocalCheckout(view: LocalCheckoutView): string {
  const body = view.closedReason
    ? `<p role="status">${escapeHtml(view.closedReason)}</p><p><a class="button secondary" href="${escapeHtml(view.backUrl)}">Back to Redpen</a></p>`
    : `<form method="post" action="/api/payments/local-checkout/${escapeHtml(view.sessionId)}">
  <div class="actions">
    <button type="submit" name="action" value="pay" class="primary">Pay ${escapeHtml(view.amount)}</button>
    <button type="submit" name="action" value="cancel" class="secondary">Cancel</button>
    <button type="submit" name="action" value="decline" class="secondary">Simulate a declined card</button>
  </div>
</form>`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout · Redpen</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#F0F0F0;color:#000;line-height:1.5}
  .banner{background:#7a1d25;color:#fff;font-weight:700;text-align:center;padding:12px 16px;letter-spacing:.02em}
  main{max-width:480px;margin:24px auto;padding:0 16px}
  .card{background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
  h1{font-size:1.5rem;margin:0 0 16px;color:#000}
  dl{margin:0 0 24px}
  dt{font-size:.875rem;color:#444}
  dd{margin:0 0 12px;font-size:1.125rem;overflow-wrap:anywhere}
  .amount{font-size:2rem;font-weight:700}
  .actions{display:flex;flex-direction:column;gap:12px}
  button,.button{display:block;width:100%;min-height:48px;font:inherit;font-size:1rem;border-radius:6px;padding:12px 16px;cursor:pointer;text-align:center;text-decoration:none}
  .primary{background:#B3202C;color:#fff;border:2px solid #B3202C;font-weight:700}
  .secondary{background:#fff;color:#000;border:2px solid #555}
  button:focus-visible,.button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
  .note{font-size:.875rem;color:#444;margin-top:16px}
</style>
</head>
<body>
<div class="banner" role="note">TEST MODE: no card is charged and no money moves</div>
<main>
<div class="card">
<h1>Checkout</h1>
<dl>
  <dt>For</dt><dd>${escapeHtml(view.description)}</dd>
  <dt>Amount</dt><dd class="amount">${escapeHtml(view.amount)}</dd>
</dl>
${body}
<p class="note">This is Redpen's local test gateway, used when no Stripe key is configured.</p>
</div>
</main>
</body>
</html>`;
}
