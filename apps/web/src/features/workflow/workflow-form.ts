import {
  EBAY_IMPORT_EVERY_HOURS,
  type CrosslistWorkflow,
  type Workflow,
  type WorkflowInput,
  type WorkflowStep,
} from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { workflowMessages as m } from './workflow.messages';

export const WORKFLOW_CHOICE_TEXT: Record<CrosslistWorkflow, MessageDescriptor> = {
  create_new_items_within_listloop: m.createTitle,
  keep_importing_from_ebay: m.ebayChoice,
  import_from_csv: m.csvChoice,
};

export const WORKFLOW_STEP_TEXT: Record<WorkflowStep, MessageDescriptor> = {
  create_item: m.stepCreateItem,
  import_from_ebay: m.stepImportFromEbay,
  import_csv: m.stepImportCsv,
  cross_list: m.stepCrossList,
};

const EVERY_TEXT: Record<(typeof EBAY_IMPORT_EVERY_HOURS)[number], MessageDescriptor> = {
  1: m.every1,
  6: m.every6,
  12: m.every12,
  24: m.every24,
  48: m.every48,
  168: m.every168,
};

/** The choices of "how often", each with its words. */
export const EVERY_OPTIONS = EBAY_IMPORT_EVERY_HOURS.map((hours) => ({
  hours,
  text: EVERY_TEXT[hours],
}));

/** What the form edits, from the saved workflow. */
export function inputOf(workflow: Workflow): WorkflowInput {
  return {
    crosslistWorkflow: workflow.crosslistWorkflow,
    importFromEbay: {
      enabled: workflow.importFromEbay.enabled,
      everyHours: workflow.importFromEbay.everyHours,
    },
  };
}

export function isChanged(workflow: Workflow, input: WorkflowInput): boolean {
  const saved = inputOf(workflow);
  return (
    saved.crosslistWorkflow !== input.crosslistWorkflow ||
    saved.importFromEbay.enabled !== input.importFromEbay.enabled ||
    saved.importFromEbay.everyHours !== input.importFromEbay.everyHours
  );
}

/** What the schedule line says: the next import, that it starts soon, or that none is set. */
export function scheduleLine(
  workflow: Workflow,
  now: number,
): { kind: 'next'; at: string } | { kind: 'soon' } | { kind: 'none' } {
  const next = workflow.schedule.nextImportAt;
  if (!next) return { kind: 'none' };
  return Date.parse(next) <= now ? { kind: 'soon' } : { kind: 'next', at: next };
}
