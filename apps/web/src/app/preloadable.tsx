import { lazy, type ComponentType } from 'react';

/** A code-split component that can be fetched before it is first rendered. */
export type PreloadableComponent<P extends object = object> = ComponentType<P> & {
  /** Starts loading the chunk (once); resolves when it is there. */
  preload: () => Promise<void>;
};

/**
 * React.lazy with a preload. Once the chunk has arrived the component renders directly, without
 * suspending: a lazy component suspends on its first render even when its chunk is already
 * loaded, and React then holds the page back behind its Suspense fallback for up to 300 ms
 * (its fallback throttle) — the Sites page appeared about 250 ms later than its data for that.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(start);
  // Before the chunk arrives this renders the lazy component, which suspends; the render after
  // the arrival uses the loaded one. Nothing was ever mounted inside the lazy one, so no state is lost.
  const Component = (props: P) => {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  };
  return Object.assign(Component, {
    preload: async () => {
      await start();
    },
  });
}
