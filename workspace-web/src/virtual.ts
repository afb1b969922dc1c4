import {
  observeWindowOffset,
  observeWindowRect,
  Virtualizer,
  windowScroll,
  type PartialKeys,
  type VirtualizerOptions,
} from '@tanstack/virtual-core';
import type { RefObject } from 'preact';
import { useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';

/**
 * A long list drawn a window at a time (@tanstack/virtual-core, which has no Preact adapter: this is
 * one, after the React one's shape). The page scrolls as a whole, so the window is the scroll
 * element; what the list holds before its first row is `scrollMargin` (see `useDocumentTop`).
 */
export type WindowVirtualizerOptions<Item extends Element> = PartialKeys<
  VirtualizerOptions<Window, Item>,
  'getScrollElement' | 'observeElementRect' | 'observeElementOffset' | 'scrollToFn'
>;

export function useWindowVirtualizer<Item extends Element>(options: WindowVirtualizerOptions<Item>): Virtualizer<Window, Item> {
  // The virtualizer says when what it would draw changed (the range, a row's measured size, a
  // scroll in progress or not); the component draws again then.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const resolved: VirtualizerOptions<Window, Item> = {
    getScrollElement: () => window,
    observeElementRect: observeWindowRect,
    observeElementOffset: observeWindowOffset,
    scrollToFn: windowScroll,
    // Where the page already is (back to a list scrolled down, a reload that kept its place).
    initialOffset: () => window.scrollY,
    ...options,
    onChange: (instance, sync) => {
      redraw(undefined);
      options.onChange?.(instance, sync);
    },
  };
  const [virtualizer] = useState(() => new Virtualizer<Window, Item>(resolved));
  // Each draw hands over the options as they are now (the count, the keys, the margin).
  virtualizer.setOptions(resolved);
  // Mounted: unmounting ends its listeners and observers.
  useLayoutEffect(() => virtualizer._didMount(), []);
  // After each draw: attaches to the window the first time, and applies a pending scroll adjustment.
  useLayoutEffect(() => virtualizer._willUpdate());
  return virtualizer;
}

/**
 * Where an element's top is in the document, in CSS pixels: a window-scrolled list's
 * `scrollMargin`. Measured after each draw and again whenever something above the element (its
 * earlier siblings and its ancestors' earlier siblings) changes size: filters unfolding, a bar
 * appearing, the window narrowing so the header wraps. Null until the element is in the page and
 * measured (its first draw, before the browser paints it).
 */
export function useDocumentTop(element: RefObject<HTMLElement>): number | null {
  const [top, setTop] = useState<number | null>(null);
  const watched = useRef<{ node: Element; above: Element[]; observer: ResizeObserver } | null>(null);
  useLayoutEffect(() => {
    const node = element.current;
    if (!node) {
      watched.current?.observer.disconnect();
      watched.current = null;
      return;
    }
    const measure = () => setTop(Math.round(node.getBoundingClientRect().top + window.scrollY));
    measure();
    const above: Element[] = [];
    for (let at: Element | null = node; at && at !== document.body; at = at.parentElement) {
      for (let before = at.previousElementSibling; before; before = before.previousElementSibling) above.push(before);
    }
    const now = watched.current;
    if (now && now.node === node && now.above.length === above.length && now.above.every((n, i) => n === above[i])) return;
    now?.observer.disconnect();
    const observer = new ResizeObserver(measure);
    for (const before of above) observer.observe(before);
    watched.current = { node, above, observer };
  });
  useLayoutEffect(() => () => watched.current?.observer.disconnect(), []);
  return top;
}
