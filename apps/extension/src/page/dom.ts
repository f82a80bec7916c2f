/**
 * Acting on a marketplace's page the way its own scripts expect. The sites are built with
 * frameworks that keep the form's state in their own memory: setting `value` alone is undone on
 * their next render, so values go through the element's native setter followed by the events a
 * person's typing fires. Constructors come from the page's own window (`viewOf`), so the same
 * code runs in the extension's content script and in the DOM library the tests use.
 */

export function viewOf(doc: Document): Window & typeof globalThis {
  const view = doc.defaultView;
  if (!view) throw new Error('The page has no window.');
  return view as Window & typeof globalThis;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls until `probe` answers something, or answers null at the deadline. Polling rather than a
 * MutationObserver: a page that re-renders wholesale would leave an observer on a dead node.
 */
export async function waitFor<T>(
  probe: () => T | null | undefined | false,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T | null> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const found = probe();
    if (found) return found;
    if (Date.now() >= deadline) return null;
    await sleep(options.intervalMs ?? 100);
  }
}

export function query<E extends Element = HTMLElement>(
  root: ParentNode,
  selector: string,
): E | null {
  return root.querySelector<E>(selector);
}

export function queryAll<E extends Element = HTMLElement>(root: ParentNode, selector: string): E[] {
  return [...root.querySelectorAll<E>(selector)];
}

/** Text as a person reads it: whitespace collapsed, trimmed. */
export function textOf(node: Element | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Compares labels as a person would: case, accents and spacing aside. */
export function sameLabel(a: string, b: string): boolean {
  const fold = (s: string) =>
    s.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLocaleLowerCase('en');
  return fold(a) === fold(b);
}

/** Sets an input's or text area's value as typing would, for framework-controlled forms. */
export function setValue(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const view = viewOf(element.ownerDocument);
  const prototype =
    element.tagName === 'TEXTAREA'
      ? view.HTMLTextAreaElement.prototype
      : view.HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  element.focus();
  if (setter) setter.call(element, value);
  else element.value = value;
  element.dispatchEvent(new view.Event('input', { bubbles: true }));
  element.dispatchEvent(new view.Event('change', { bubbles: true }));
  element.blur();
}

/** Chooses a native select's option by its label, or by its value. */
export function selectOption(select: HTMLSelectElement, wanted: string): boolean {
  const view = viewOf(select.ownerDocument);
  const option =
    [...select.options].find((o) => sameLabel(textOf(o), wanted)) ??
    [...select.options].find((o) => o.value === wanted);
  if (!option) return false;
  select.value = option.value;
  select.dispatchEvent(new view.Event('input', { bubbles: true }));
  select.dispatchEvent(new view.Event('change', { bubbles: true }));
  return true;
}

/**
 * Clicks as a pointer does: some pickers open on pointer or mouse down, not on click.
 */
export function press(element: Element): void {
  const view = viewOf(element.ownerDocument);
  const init = { bubbles: true, cancelable: true, composed: true };
  const PointerEventCtor = view.PointerEvent ?? view.MouseEvent;
  element.dispatchEvent(new PointerEventCtor('pointerdown', init));
  element.dispatchEvent(new view.MouseEvent('mousedown', init));
  element.dispatchEvent(new PointerEventCtor('pointerup', init));
  element.dispatchEvent(new view.MouseEvent('mouseup', init));
  (element as HTMLElement).click();
}

/** Puts files into a file input as a person choosing them would. */
export function attachFiles(input: HTMLInputElement, files: File[]): void {
  const view = viewOf(input.ownerDocument);
  const transfer = new view.DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new view.Event('input', { bubbles: true }));
  input.dispatchEvent(new view.Event('change', { bubbles: true }));
}

/** The first element matching `selector` whose text is `label` (as a person reads it). */
export function byText<E extends Element = HTMLElement>(
  root: ParentNode,
  selector: string,
  label: string,
): E | null {
  return queryAll<E>(root, selector).find((el) => sameLabel(textOf(el), label)) ?? null;
}

/** Whether an element is shown: attached, not hidden by the attribute or by display. */
export function isShown(element: Element | null): boolean {
  if (!element || !element.isConnected) return false;
  if ((element as HTMLElement).hidden || element.closest('[hidden]')) return false;
  const view = viewOf(element.ownerDocument);
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (view.getComputedStyle(node).display === 'none') return false;
  }
  return true;
}
