import { vi } from 'vitest';

/**
 * Captures what the page would upload instead of sending it: `apiUpload` uses XMLHttpRequest (for its progress
 * events), which `stubApi`'s fetch stub does not see. The request stays pending.
 */
export function captureUploads(): FormData[] {
  const sent: FormData[] = [];
  vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (body) {
    sent.push(body as FormData);
  });
  return sent;
}
