import { useSyncExternalStore } from 'react';
import { layoutForWidth, type LayoutMode } from '@riskatlas/domain';

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

function width(): number {
  return window.innerWidth;
}

/**
 * The layout for the window's width: side navigation mode, compact, mobile.
 * Read from innerWidth on resize rather than matchMedia, so it behaves the same in every browser
 * and in tests.
 */
export function useLayoutMode(): LayoutMode {
  const current = useSyncExternalStore(subscribe, width, () => 1920);
  return layoutForWidth(current);
}
