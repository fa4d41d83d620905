import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The height from an element's top to the bottom of the window, less `bottomGap`, never under
 * `min`: the grid fills the screen and scrolls inside itself, and on a short screen (a phone held
 * sideways) it keeps a usable minimum and the page scrolls instead.
 */
export function useAvailableHeight(ref: RefObject<HTMLElement | null>, options: { min: number; bottomGap: number }): number {
  const { min, bottomGap } = options;
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - bottomGap)));
    };
    measure();
    window.addEventListener('resize', measure);
    // Content above the element can grow (a progress line, a banner): the page's size changes then.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref, min, bottomGap]);
  return height;
}
