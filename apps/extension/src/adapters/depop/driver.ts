import type { DriverAnswer, PageKind } from '../contract';
import {
  isShown,
  press,
  query,
  queryAll,
  sameLabel,
  setValue,
  textOf,
  waitFor,
} from '../../page/dom';
import { createDriver, describeProblem } from '../../page/generic-driver';
import type { SiteFacts } from '../../page/site-facts';
import { recognisePage, stopOf, unknownLayout } from '../../page/stops';
import { categoryFacts, facts, site } from './facts';
import type { DepopValues } from './mapping';

const MARKETPLACE = 'Depop';
/** How long the category menu may take to show its options after typing. */
const OPTION_TIMEOUT_MS = 3000;

/**
 * Chooses the category under its department's heading: the shared picker matches an option by
 * its text alone, and Depop's category menu has the same name once per department ("Tops"
 * under Women, Men and Kids).
 */
async function chooseCategory(doc: Document, department: string, group: string) {
  const input = query<HTMLInputElement>(doc, categoryFacts.open);
  if (!input) return describeProblem(MARKETPLACE, { kind: 'missing', field: 'category' });
  press(input);
  setValue(input, group);
  // Typing only narrows the menu: once the department's heading shows, an option missing under
  // it is missing for good, and there is no need to wait out the timeout.
  const found = await waitFor(
    () => {
      const heading = query(doc, categoryFacts.department(department));
      if (!isShown(heading)) return null;
      const option = queryAll(heading!, categoryFacts.option).find(
        (o) => isShown(o) && sameLabel(textOf(o), group),
      );
      return { option: option ?? null };
    },
    { timeoutMs: OPTION_TIMEOUT_MS },
  );
  const option = found?.option;
  if (!option) {
    return {
      kind: 'refused' as const,
      message: `${MARKETPLACE} does not offer “${department} > ${group}” for category.`,
    };
  }
  press(option);
  return null;
}

/** A form step that starts with the category, on the page `expected` names. */
async function withCategory(
  doc: Document,
  siteFacts: SiteFacts,
  values: DepopValues,
  expected: { page: PageKind; name: string },
  rest: () => Promise<DriverAnswer>,
): Promise<DriverAnswer> {
  const page = await recognisePage(doc, siteFacts);
  if (page !== expected.page) {
    return { result: stopOf(doc, siteFacts, page) ?? unknownLayout(doc, expected.name, page) };
  }
  const problem = await chooseCategory(doc, values.department, values.group);
  return problem ? { result: problem } : rest();
}

/**
 * Depop's pages take the shared driver with two steps of their own: the category is chosen
 * under its department before the shared filling (the subcategory and size appear only once
 * it is), and the new listing's address is its product page, not the seller's /manage/ view
 * the form opens.
 */
export function makeDriver(siteFacts: SiteFacts) {
  const shared = createDriver<DepopValues>(MARKETPLACE, siteFacts);
  return createDriver<DepopValues>(MARKETPLACE, siteFacts, {
    fill: (doc, values, photos) =>
      withCategory(doc, siteFacts, values, { page: 'sell_form', name: 'sell form' }, () =>
        shared.fill(doc, values, photos),
      ),
    update: (doc, values) =>
      withCategory(doc, siteFacts, values, { page: 'edit_form', name: 'edit form' }, () =>
        shared.update(doc, values),
      ),
    async readListed(doc) {
      const result = await shared.readListed(doc);
      if (result.kind !== 'listed') return result;
      return {
        ...result,
        listingURL: new URL(site.listing(result.listedID), result.listingURL).href,
      };
    },
  });
}

export const driver = makeDriver(facts);
