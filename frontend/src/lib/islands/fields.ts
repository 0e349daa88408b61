/**
 * A form field's problem, shown by an island: the message element is always in the HTML (hidden while empty, so
 * its style is in the prerendered page's CSS); this fills it in, ties it to the control (`aria-describedby`, with
 * any description the control already had) and marks the control and its Chakra Field root invalid for their
 * styles. No problem clears all of that.
 */
export function showFieldProblem(control: HTMLElement, messageElement: HTMLElement, problem: string | undefined): void {
  messageElement.textContent = problem ?? '';
  messageElement.hidden = !problem;
  control.setAttribute('aria-invalid', String(Boolean(problem)));
  const described = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id && id !== messageElement.id);
  if (problem && messageElement.id) described.push(messageElement.id);
  if (described.length > 0) control.setAttribute('aria-describedby', described.join(' '));
  else control.removeAttribute('aria-describedby');
  control.closest('[data-part="root"]')?.toggleAttribute('data-invalid', Boolean(problem));
}

/**
 * A submit button's busy state: disabled, marked `data-loading`, with `busyText` in place of its label (restored
 * after). The prerendered button is disabled until its island mounts (a click before then would submit the form
 * natively, by GET, with what was typed in the URL); `enableSubmit` lets it go.
 */
export function submitButton(button: HTMLButtonElement, busyText: string) {
  const label = button.innerHTML;
  return {
    enable: () => {
      button.disabled = false;
    },
    busy: (busy: boolean) => {
      button.disabled = busy;
      button.toggleAttribute('data-loading', busy);
      if (busy) button.textContent = busyText;
      else button.innerHTML = label;
    },
  };
}
