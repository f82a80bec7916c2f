import { describe, expect, it, vi } from 'vitest';
import { isScreenLoadError, lazyScreen, withScreens } from './lazy-screen';

function Page({ name }: { name: string }) {
  return name;
}

describe('lazyScreen', () => {
  it('fetches the screen once, however often it is preloaded', async () => {
    const importer = vi.fn(() => Promise.resolve({ Page }));
    const screen = lazyScreen(importer, 'Page');
    await Promise.all([screen.preload(), screen.preload()]);
    await screen.preload();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('keeps a failed fetch until the next preload, which tries again', async () => {
    const importer = vi
      .fn<() => Promise<{ Page: typeof Page }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /a.js'))
      .mockResolvedValueOnce({ Page });
    const screen = lazyScreen(importer, 'Page');

    await screen.preload();
    // Rendered now, the screen reports the failure (no window here, so no reload).
    let thrown: unknown;
    try {
      screen({ name: 'x' });
    } catch (error) {
      thrown = error;
    }
    expect(isScreenLoadError(thrown)).toBe(true);
    expect((thrown as Error).message).toContain('Failed to fetch dynamically imported module');

    await screen.preload();
    expect(importer).toHaveBeenCalledTimes(2);
    expect(screen({ name: 'x' })).toMatchObject({ type: Page, props: { name: 'x' } });
  });

  it('lets a route component that renders screens preload them all', async () => {
    const first = vi.fn(() => Promise.resolve({ Page }));
    const second = vi.fn(() => Promise.resolve({ Page }));
    const route = withScreens(() => null, lazyScreen(first, 'Page'), lazyScreen(second, 'Page'));
    await route.preload();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
