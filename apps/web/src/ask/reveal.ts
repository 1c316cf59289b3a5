/** Space kept between a revealed element and the edge of what is visible, in CSS pixels. */
const MARGIN = 8;

/**
 * How far to scroll the window (positive: down) so that an element (its box relative to the
 * viewport) is visible in the band [top, bottom) of the viewport that nothing covers: the
 * whole element when it fits, else its top, where the question and the answer begin. 0 when
 * it is already in view.
 */
export function scrollToReveal(
  element: { top: number; bottom: number },
  visible: { top: number; bottom: number },
): number {
  const room = visible.bottom - visible.top - 2 * MARGIN;
  const height = element.bottom - element.top;
  if (height > room || element.top < visible.top + MARGIN) {
    return element.top - (visible.top + MARGIN);
  }
  if (element.bottom > visible.bottom - MARGIN) return element.bottom - (visible.bottom - MARGIN);
  return 0;
}

/**
 * Scrolls the window so a new exchange is in view above the composer pinned to the bottom of
 * the viewport (the composer is not scrolled to: it is always in view).
 */
export function revealAbove(element: HTMLElement, composer: HTMLElement | null): void {
  const box = element.getBoundingClientRect();
  const covered = composer ? composer.getBoundingClientRect().height : 0;
  const delta = scrollToReveal(box, { top: 0, bottom: window.innerHeight - covered });
  if (delta !== 0) window.scrollBy({ top: delta, behavior: 'instant' });
}
