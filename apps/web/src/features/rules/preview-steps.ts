import {
  applyPricingRule,
  toCents,
  type AppliedChange,
  type ComposeStep,
  type PricingRule,
  type PricingStepKind,
} from '@listloop/domain';

/** The order the rules apply in: mapping → pricing → defaults → the item's overrides. */
export const PREVIEW_STAGES = ['mapping', 'pricing', 'defaults', 'override'] as const;
export type PreviewStage = (typeof PREVIEW_STAGES)[number];

const STAGE_OF: Record<ComposeStep, PreviewStage | null> = {
  // Whole cents is a tidy-up of the item's own price, shown with the pricing it precedes.
  general: 'pricing',
  mapping: 'mapping',
  // The marketplace's standard condition, used where no mapping rule matched.
  condition_map: 'mapping',
  pricing: 'pricing',
  defaults: 'defaults',
  override: 'override',
};

export interface PreviewStageChanges {
  stage: PreviewStage;
  changes: AppliedChange[];
}

/** The applied changes under the four stages, in order; a stage that changed nothing is empty. */
export function groupAppliedChanges(applied: readonly AppliedChange[]): PreviewStageChanges[] {
  return PREVIEW_STAGES.map((stage) => ({
    stage,
    changes: applied.filter((change) => STAGE_OF[change.step] === stage),
  }));
}

/** A value of the built listing as text: '' for nothing, JSON for a structured value. */
export function previewValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Which pricing step made each pricing change of a preview, worked out again with the domain's
 * pricing function from the rule the screen shows: the preview names changes only in English.
 * Empty when the rule on screen is not the one the preview was built with.
 */
export function pricingStepKinds(
  applied: readonly AppliedChange[],
  rule: PricingRule | null | undefined,
): Map<AppliedChange, PricingStepKind> {
  const kinds = new Map<AppliedChange, PricingStepKind>();
  const changes = applied.filter((change) => change.step === 'pricing');
  const first = changes[0];
  if (!rule || !first || typeof first.from !== 'number') return kinds;
  const { steps } = applyPricingRule(toCents(first.from), rule);
  const matches =
    steps.length === changes.length &&
    steps.every((step, index) => {
      const to = changes[index]?.to;
      return typeof to === 'number' && toCents(to) === step.toCents;
    });
  if (!matches) return kinds;
  steps.forEach((step, index) => kinds.set(changes[index]!, step.kind));
  return kinds;
}
