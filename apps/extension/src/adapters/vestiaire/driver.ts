import type { DriverAnswer, FormValues } from '../contract';
import { attachFiles, press, query } from '../../page/dom';
import { createDriver, describeProblem, fillFields, shownElement } from '../../page/generic-driver';
import type { FieldFact, SiteFacts } from '../../page/site-facts';
import { recognisePage, stopOf, unknownLayout } from '../../page/stops';
import { depositSteps, editableFields, facts, type DepositStep } from './facts';
import type { VestiaireValues } from './mapping';

const NAME = 'Vestiaire Collective';

function pick<T>(from: Record<string, T>, names: readonly string[]): Record<string, T> {
  const picked: Record<string, T> = {};
  for (const name of names) {
    if (Object.hasOwn(from, name)) picked[name] = from[name]!;
  }
  return picked;
}

function anchorOf(fact: FieldFact): string {
  return fact.kind === 'picker' ? fact.open : 'selector' in fact ? fact.selector : fact.option;
}

/**
 * Vestiaire's deposit form is a sequence of steps, each shown once the one before is closed
 * with "Continue"; the shared driver fills one form at once. This driver walks the steps of
 * facts.ts in order, filling each step's fields when its section shows, and leaves "Complete
 * steps" for after its answer. The edit form takes only what Vestiaire lets a seller change
 * after submitting (price and description); the other steps are the shared driver's.
 */
export function makeDriver(siteFacts: SiteFacts, steps: readonly DepositStep[] = depositSteps) {
  const fields = siteFacts.form.fields;
  return createDriver<VestiaireValues>(NAME, siteFacts, {
    async fill(doc, values, photos): Promise<DriverAnswer> {
      const page = await recognisePage(doc, siteFacts);
      if (page !== 'sell_form') {
        return { result: stopOf(doc, siteFacts, page) ?? unknownLayout(doc, 'sell form', page) };
      }
      for (const name of siteFacts.form.required) {
        const fact = fields[name];
        if (!fact || !query(doc, anchorOf(fact))) {
          return { result: describeProblem(NAME, { kind: 'missing', field: name }) };
        }
      }
      const photoInput = query<HTMLInputElement>(doc, siteFacts.form.photos);
      if (!photoInput) {
        return { result: describeProblem(NAME, { kind: 'missing', field: 'photos' }) };
      }
      for (const [index, current] of steps.entries()) {
        if (!(await shownElement(doc, current.section))) {
          return {
            result: describeProblem(NAME, { kind: 'missing', field: `step ${index + 1}` }),
          };
        }
        if (current.photos && photos.length > 0) attachFiles(photoInput, photos);
        const problem = await fillFields(
          doc,
          pick(fields, current.fields),
          pick<FormValues[string]>(values, current.fields),
        );
        if (problem) return { result: describeProblem(NAME, problem) };
        if (!current.next) break;
        const next = await shownElement(doc, current.next);
        if (!next) {
          return { result: describeProblem(NAME, { kind: 'missing', field: 'Continue' }) };
        }
        press(next);
      }
      const submit = await shownElement(doc, siteFacts.form.submit);
      if (!submit) return { result: describeProblem(NAME, { kind: 'missing', field: 'submit' }) };
      return { result: { kind: 'submitted' }, afterReply: () => press(submit) };
    },

    async update(doc, values): Promise<DriverAnswer> {
      const page = await recognisePage(doc, siteFacts);
      if (page !== 'edit_form') {
        return { result: stopOf(doc, siteFacts, page) ?? unknownLayout(doc, 'edit form', page) };
      }
      const problem = await fillFields(
        doc,
        pick(fields, editableFields),
        pick<FormValues[string]>(values, editableFields),
      );
      if (problem) return { result: describeProblem(NAME, problem) };
      const submit = await shownElement(doc, siteFacts.form.updateSubmit ?? siteFacts.form.submit);
      if (!submit) return { result: describeProblem(NAME, { kind: 'missing', field: 'submit' }) };
      return { result: { kind: 'submitted' }, afterReply: () => press(submit) };
    },
  });
}

export const driver = makeDriver(facts);
