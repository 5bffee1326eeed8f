/**
 * Where the portal's pop-up messages (Semi toasts and notifications) live. A modal `<dialog>` puts the page behind
 * its backdrop and makes it inert: a message left on document.body while one is open is dimmed, cannot be closed,
 * and is not read out by a screen reader. So each message goes into the topmost modal dialog when one is open, and
 * back onto the page when it closes.
 */

const MESSAGE_WRAPPERS = '.semi-toast-wrapper, .semi-notification-wrapper';

/** The wrappers seen so far: a wrapper closed away with its dialog is put back from here. */
const known = new Set<HTMLElement>();

/** The topmost open modal dialog, else the body. */
export function messageHost(doc: Document = document): HTMLElement {
  const modals = [...doc.querySelectorAll<HTMLDialogElement>('dialog[open]')].filter(isModal);
  return modals.at(-1) ?? doc.body;
}

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    // A DOM without :modal (jsdom) opens every dialog with the open attribute: treat those as modal.
    return true;
  }
}

/** Moves the message wrappers where they are seen: call before and after showing a message. */
export function placeMessages(doc: Document = document): void {
  for (const wrapper of doc.querySelectorAll<HTMLElement>(MESSAGE_WRAPPERS)) known.add(wrapper);
  const host = messageHost(doc);
  for (const wrapper of known) {
    if (wrapper.ownerDocument !== doc) continue;
    if (wrapper.parentElement !== host) host.appendChild(wrapper);
  }
}

/** A closing dialog hands its messages back to the page, so one shown as it closes stays in sight. */
export function releaseMessages(dialog: HTMLElement): void {
  const doc = dialog.ownerDocument;
  for (const wrapper of dialog.querySelectorAll<HTMLElement>(MESSAGE_WRAPPERS)) doc.body.appendChild(wrapper);
}
