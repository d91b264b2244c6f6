import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Where the focus goes when a dialog closes (WCAG 2.2, 2.4.3 focus order; issue 20). The dialogs here
 * open from their caller's state — a button, a menu item, a table row — not from a Radix Trigger, and
 * Radix gives focus back only to its Trigger, so without this the focus fell to the page's body and a
 * keyboard user started over from "Skip to main content".
 */

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');
const rowSelector = 'tr, li, [role="row"]';
const dialogSelector = '[role="dialog"], [role="alertdialog"]';
const labelledListSelector = ['section', '[role="region"]', 'ul', 'ol', 'table']
  .map((list) => `${list}[aria-labelledby]`)
  .join(', ');

/** How long after a dialog closes its opener may still vanish (the list refetched after a delete). */
const watchForRemovalMs = 10_000;

/**
 * A menu item leaves with its menu, so a dialog opened from one goes back to the button that opened
 * the menu (Radix labels a menu by its trigger).
 */
function standInFor(element: Element): HTMLElement | null {
  const menu = element.closest('[role="menu"]');
  if (!menu) return element instanceof HTMLElement ? element : null;
  const triggerId = menu.getAttribute('aria-labelledby');
  const trigger = triggerId ? document.getElementById(triggerId) : null;
  return trigger ? standInFor(trigger) : null;
}

// The last control that had the focus: a menu's trigger when the pointer opened the menu (Radix keeps
// the focus off the trigger then) and the menu item is gone by the time the dialog opens.
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof Element) lastFocused = standInFor(event.target) ?? lastFocused;
    },
    true,
  );
}

function isShown(element: Element): boolean {
  return element.isConnected && element.getClientRects().length > 0 && !element.closest('[inert]');
}

function canTakeFocus(element: Element): element is HTMLElement {
  return element instanceof HTMLElement && element.matches(focusableSelector) && isShown(element);
}

/** A row's controls in order, the row itself first when it takes the focus (a task table row does). */
function controlsOf(row: Element): HTMLElement[] {
  return [row, ...row.querySelectorAll(focusableSelector)].filter(canTakeFocus);
}

type Place = {
  element: HTMLElement;
  /** The dialog the element sits in, when one dialog opened another. */
  dialog: HTMLElement | null;
  /** The rows around the element's row, and which of its row's controls it is. */
  next: Element | null;
  previous: Element | null;
  indexInRow: number;
  /** The heading of the list the row is in. */
  listHeading: HTMLElement | null;
};

function placeOf(element: HTMLElement): Place {
  const row = element.closest(rowSelector);
  const list = row?.parentElement;
  const labelledList = list?.closest(labelledListSelector);
  const headingId = labelledList?.getAttribute('aria-labelledby')?.split(' ')[0];
  const heading = headingId ? document.getElementById(headingId) : null;
  return {
    element,
    dialog: element.closest<HTMLElement>(dialogSelector),
    next: row?.nextElementSibling ?? null,
    previous: row?.previousElementSibling ?? null,
    indexInRow: row ? Math.max(0, controlsOf(row).indexOf(element)) : 0,
    listHeading: heading,
  };
}

/** The opener if it is still there; else the same control in the next (or previous) row; else a heading. */
function targetFor(place: Place): HTMLElement | null {
  if (canTakeFocus(place.element)) return place.element;
  // Opened from a dialog that closed as well (Delete inside the task's dialog): that dialog's own
  // opener gets the focus.
  if (place.dialog && !place.dialog.isConnected) return null;
  for (const row of [place.next, place.previous]) {
    if (!row?.isConnected) continue;
    const controls = controlsOf(row);
    const control = controls[Math.min(place.indexInRow, controls.length - 1)];
    if (control) return control;
  }
  if (place.dialog) return place.dialog;
  const headings = [place.listHeading, document.querySelector<HTMLElement>('main h1')];
  return headings.find((heading): heading is HTMLElement => heading !== null && isShown(heading)) ?? null;
}

function moveFocusTo(target: HTMLElement) {
  // A heading takes the focus from a script only, not from Tab.
  if (!target.matches(focusableSelector) && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

/**
 * After a delete the dialog closes first and the list refetches after: when the row with the focused
 * control leaves, the focus moves on to its neighbour — unless the reader has moved it meanwhile.
 */
function followRemoval(place: Place) {
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', stop, true);
  };
  const observer = new MutationObserver(() => {
    if (place.element.isConnected) return;
    stop();
    const focused = document.activeElement;
    if (focused !== null && focused !== document.body) return;
    const target = targetFor(place);
    if (target) moveFocusTo(target);
  });
  const timer = setTimeout(stop, watchForRemovalMs);
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', stop, true);
}

function returnFocus(opened: Place) {
  const target = targetFor(opened);
  if (!target) return;
  moveFocusTo(target);
  if (target.closest(rowSelector)) followRemoval(placeOf(target));
}

/**
 * Remembers what had the focus when the dialog opened and gives it back when the dialog closes (by
 * Escape, Cancel, Save or the close button). Pass the result as the dialog content's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opened = useRef<Place | null>(null);
  // A layout effect runs before Radix moves the focus into the dialog.
  useLayoutEffect(() => {
    if (!open) return;
    const focused = document.activeElement;
    const opener =
      focused instanceof HTMLElement && focused !== document.body
        ? (standInFor(focused) ?? lastFocused)
        : lastFocused;
    opened.current = opener ? placeOf(opener) : null;
  }, [open]);
  return useCallback((event: Event) => {
    event.preventDefault();
    const place = opened.current;
    // Opened with nothing focused (from a link's address, say): the page's heading.
    const pageHeading = document.querySelector<HTMLElement>('main h1');
    if (place) returnFocus(place);
    else if (pageHeading) moveFocusTo(pageHeading);
  }, []);
}
