import type { DriverAnswer, PageDriver } from '../contract';
import { isShown, press, query, queryAll, sameLabel, textOf, waitFor } from '../../page/dom';
import { createDriver, describeProblem, type FieldProblem } from '../../page/generic-driver';
import type { SiteFacts } from '../../page/site-facts';
import { recognisePage, stopOf, unknownLayout } from '../../page/stops';
import { facts, multiSelects, wardrobeCard, type MultiSelectFact } from './facts';
import type { VintedValues } from './mapping';

const MARKETPLACE = 'Vinted';
/** How long a list's rows may take to appear after it opens. */
const ROWS_TIMEOUT_MS = 3000;

/**
 * Ticks exactly the wanted rows of a checkbox list (colour, material). The shared picker presses
 * each value once, which on these lists unticks a row that is already ticked (an edit form shows
 * the listing's colours ticked), so the rows' own checkboxes decide what to press.
 */
async function tickRows(
  doc: Document,
  name: string,
  fact: MultiSelectFact,
  wanted: readonly string[],
): Promise<FieldProblem | null> {
  const opener = query(doc, fact.open);
  if (!opener) {
    // Some categories have no material (or colour) list: nothing to tick is no problem there.
    return wanted.length === 0 ? null : { kind: 'unavailable', field: name, value: wanted[0]! };
  }
  press(opener);
  const rows = await waitFor(
    () => {
      const shown = queryAll(doc, fact.row).filter(isShown);
      return shown.length > 0 ? shown : null;
    },
    { timeoutMs: ROWS_TIMEOUT_MS },
  );
  if (!rows) return { kind: 'missing', field: name };
  const unknown = wanted.find((value) => !rows.some((row) => sameLabel(textOf(row), value)));
  if (unknown) return { kind: 'unavailable', field: name, value: unknown };
  const boxOf = (row: HTMLElement) => row.querySelector<HTMLInputElement>('input[type="checkbox"]');
  if (rows.some((row) => !boxOf(row))) return { kind: 'missing', field: name };
  // Untick first: the list takes only so many, and a full list refuses another tick.
  for (const row of rows) {
    if (boxOf(row)!.checked && !wanted.some((value) => sameLabel(textOf(row), value))) press(row);
  }
  // Then tick in the listing's order, the first colour being the main one ◐.
  for (const value of wanted) {
    const row = rows.find((r) => sameLabel(textOf(r), value))!;
    if (!boxOf(row)!.checked) press(row);
  }
  return null;
}

async function tickAll(doc: Document, values: VintedValues): Promise<FieldProblem | null> {
  for (const name of ['colours', 'materials'] as const) {
    const problem = await tickRows(doc, name, multiSelects[name], values[name] ?? []);
    if (problem) return problem;
  }
  return null;
}

/**
 * Vinted's pages take the shared driver, with three steps of its own: colour and material are
 * ticked after the shared fill (see tickRows), and a delete is read off the wardrobe it lands on,
 * where the item's card must be gone.
 */
export function makeDriver(siteFacts: SiteFacts): PageDriver<VintedValues> {
  const base = createDriver<VintedValues>(MARKETPLACE, siteFacts);

  const withTicks = async (
    doc: Document,
    values: VintedValues,
    answer: DriverAnswer,
  ): Promise<DriverAnswer> => {
    if (answer.result.kind !== 'submitted') return answer;
    const problem = await tickAll(doc, values);
    return problem ? { result: describeProblem(MARKETPLACE, problem) } : answer;
  };

  return {
    ...base,
    fill: async (doc, values, photos) =>
      withTicks(doc, values, await base.fill(doc, values, photos)),
    update: async (doc, values) => withTicks(doc, values, await base.update(doc, values)),
    async readDelisted(doc, listedID) {
      const onWardrobe = await waitFor(() => isShown(query(doc, siteFacts.listing.gone)), {
        timeoutMs: siteFacts.renderTimeoutMs,
      });
      if (onWardrobe) {
        return query(doc, wardrobeCard(listedID))
          ? {
              kind: 'stop',
              reason: 'unknown_layout',
              detail: `Vinted still shows listing ${listedID} in the wardrobe after deleting it.`,
            }
          : { kind: 'delisted' };
      }
      const page = await recognisePage(doc, siteFacts);
      return stopOf(doc, siteFacts, page) ?? unknownLayout(doc, 'wardrobe after the delete', page);
    },
  };
}

export const driver = makeDriver(facts);
