import { act } from '@testing-library/react';
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

/** Holds each upload (XMLHttpRequest) so the test can report its progress and answer it. */
export function controlUploads() {
  const sent: { xhr: XMLHttpRequest; body: FormData }[] = [];
  vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
    sent.push({ xhr: this, body: body as FormData });
  });
  return {
    sent,
    progress(loaded: number, total: number) {
      act(() => {
        sent.at(-1)!.xhr.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
      });
    },
    respond(status: number, body: unknown) {
      const { xhr } = sent.at(-1)!;
      Object.defineProperty(xhr, 'status', { value: status });
      Object.defineProperty(xhr, 'responseText', { value: JSON.stringify(body) });
      xhr.getResponseHeader = () => 'application/json';
      act(() => {
        xhr.dispatchEvent(new Event('load'));
      });
    },
  };
}
