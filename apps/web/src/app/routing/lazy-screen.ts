import { createElement, use, type ComponentType, type ReactNode } from 'react';

/**
 * A screen whose code is fetched the first time it is needed. The router calls `preload` when
 * its route loads (and when a link to it is hovered or focused, `defaultPreload: 'intent'`), so
 * the screen usually renders at once; rendered before that, it suspends.
 */
export interface LazyScreen<Props> {
  (props: Props): ReactNode;
  preload: () => Promise<void>;
}

/** A screen's code could not be fetched: the network dropped, or a new release replaced it. */
export class ScreenLoadError extends Error {
  override readonly name = 'ScreenLoadError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

export function isScreenLoadError(error: unknown): error is ScreenLoadError {
  return error instanceof ScreenLoadError;
}

const RELOAD_KEY = 'listloop:screen-reload:';
/** Suspends for good: the page is reloading. */
const RELOADING = new Promise<never>(() => undefined);

/**
 * `lazyScreen(() => import('…/inventory-page'), 'InventoryPage')`. A failed fetch is kept until
 * the next `preload` (the router's retry, or the route loading again) so a render shows the
 * error rather than fetching again; the first time a screen fails while the browser is online,
 * the page reloads once, since the usual cause is a release that replaced the screen's file.
 */
export function lazyScreen<Module, Name extends keyof Module>(
  importer: () => Promise<Module>,
  name: Name,
): LazyScreen<Module[Name] extends ComponentType<infer Props> ? Props : never> {
  type Props = Module[Name] extends ComponentType<infer P> ? P : never;
  let component: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  let failure: ScreenLoadError | undefined;

  const preload = (): Promise<void> => {
    if (component) return Promise.resolve();
    if (!loading) {
      failure = undefined;
      loading = importer().then(
        (module) => {
          component = module[name] as ComponentType<Props>;
          loading = undefined;
        },
        (error: unknown) => {
          failure = new ScreenLoadError(error);
          loading = undefined;
        },
      );
    }
    return loading;
  };

  function Screen(props: Props): ReactNode {
    if (!component && failure) {
      if (reloadOnce(failure)) use(RELOADING);
      throw failure;
    }
    if (!component) use(preload());
    return createElement(component as ComponentType<object>, props as object);
  }

  return Object.assign(Screen, { preload });
}

/**
 * Reloads the page for a screen that failed to load, once per failure in this tab, and only
 * when online (offline, a reload would show the browser's offline page instead of the app).
 */
function reloadOnce(failure: ScreenLoadError): boolean {
  if (typeof window === 'undefined' || !navigator.onLine) return false;
  const key = RELOAD_KEY + failure.message;
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * A route component that renders lazy screens (with the route's search or params, or inside a
 * layout): the router fetches their code before it shows the route, as for a lazy screen itself.
 */
export function withScreens<Props>(
  component: (props: Props) => ReactNode,
  ...screens: { preload: () => Promise<void> }[]
): LazyScreen<Props> {
  return Object.assign(component, {
    preload: () => Promise.all(screens.map((screen) => screen.preload())).then(() => undefined),
  });
}
