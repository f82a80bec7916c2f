import { z } from 'zod';
import {
  MARKETPLACE_IDS,
  MarketplaceIdSchema,
  type MarketplaceId,
} from '../marketplaces/marketplaces';

/** Spec §3/§4 onboarding record values. */
export const ONBOARDING_STATUSES = ['APPROVED', 'PENDING'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

/** The seven steps (spec §4), in the alphabetical order the spec lists them. */
export const ONBOARDING_STEPS = [
  'contact',
  'crosslisting_workflow',
  'inventory_size',
  'listing_template',
  'main_marketplace',
  'marketplaces',
  'onboarding_done',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/**
 * The order a seller walks the steps in (decision 0044): what they sell on first, then where
 * else, how much, how they work, how their listings read, who to talk to, and done.
 */
export const ONBOARDING_STEP_ORDER: readonly OnboardingStep[] = [
  'main_marketplace',
  'marketplaces',
  'inventory_size',
  'crosslisting_workflow',
  'listing_template',
  'contact',
  'onboarding_done',
];

export const ONBOARDING_API_BASE = '/api/rest/v1/enterprise/onboarding';
export const WORKFLOW_API_PATH = '/api/rest/v1/enterprise/workflow';

/**
 * Spec §2 and §3: the three ways a seller starts, the values of crosslistWorkflow. The first
 * is the spec's create_new_items_within_{brand}.
 */
export const CROSSLIST_WORKFLOWS = [
  'create_new_items_within_listloop',
  'keep_importing_from_ebay',
  'import_from_csv',
] as const;
export type CrosslistWorkflow = (typeof CROSSLIST_WORKFLOWS)[number];
export const DEFAULT_CROSSLIST_WORKFLOW: CrosslistWorkflow = 'create_new_items_within_listloop';

export function isCrosslistWorkflow(value: unknown): value is CrosslistWorkflow {
  return typeof value === 'string' && (CROSSLIST_WORKFLOWS as readonly string[]).includes(value);
}

export const ONBOARDING_TEXT_MAX = 200;
export const LISTING_TEMPLATE_DESCRIPTION_MAX = 5000;
/** A generous ceiling: the largest inventories we know of hold a few hundred thousand items. */
export const INVENTORY_SIZE_MAX = 10_000_000;

const text = (max: number) => z.string().trim().max(max);

/** Spec §5 lenient form: what a save in progress may hold (any field may still be empty). */
export const OnboardingFormSchema = z
  .object({
    step: z.enum(ONBOARDING_STEPS),
    inventorySize: z.number().int().min(0).max(INVENTORY_SIZE_MAX).default(0),
    mainMarketplace: MarketplaceIdSchema.nullable().default(null),
    marketplaces: z.array(MarketplaceIdSchema).max(MARKETPLACE_IDS.length).default([]),
    listingTemplate: z
      .object({
        title: text(ONBOARDING_TEXT_MAX).default(''),
        description: text(LISTING_TEMPLATE_DESCRIPTION_MAX).default(''),
      })
      .default({ title: '', description: '' }),
    crosslistWorkflow: z.enum(CROSSLIST_WORKFLOWS),
    contact: z
      .object({
        email: text(254).default(''),
        name: text(ONBOARDING_TEXT_MAX).default(''),
        role: text(ONBOARDING_TEXT_MAX).default(''),
      })
      .default({ email: '', name: '', role: '' }),
  })
  // The fields the server keeps (id, status, startedAt…) may come back with a fetched record
  // and are ignored.
  .strip();
export type OnboardingForm = z.output<typeof OnboardingFormSchema>;
export type OnboardingFormInput = z.input<typeof OnboardingFormSchema>;

/** The stored record (spec §3). */
export const OnboardingSchema = z.object({
  id: z.string(),
  userId: z.string(),
  accountId: z.string(),
  status: z.enum(ONBOARDING_STATUSES),
  startedAt: z.string(),
  approvedAt: z.string().nullable(),
  step: z.enum(ONBOARDING_STEPS),
  inventorySize: z.number(),
  mainMarketplace: MarketplaceIdSchema.nullable(),
  marketplaces: z.array(MarketplaceIdSchema),
  listingTemplate: z.object({ title: z.string(), description: z.string() }),
  crosslistWorkflow: z.enum(CROSSLIST_WORKFLOWS),
  contact: z.object({ email: z.string(), name: z.string(), role: z.string() }),
  /** When the Vestiaire access request was last sent, or null. */
  vestiaireAccessRequestedAt: z.string().nullable(),
});
export type Onboarding = z.infer<typeof OnboardingSchema>;

/** A pending onboarding as provider staff see it. */
export const PendingOnboardingSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  companyName: z.string(),
  contact: z.object({ email: z.string(), name: z.string(), role: z.string() }),
  step: z.enum(ONBOARDING_STEPS),
  startedAt: z.string(),
});
export type PendingOnboarding = z.infer<typeof PendingOnboardingSchema>;

/** Spec §3 defaults of a new record. */
export function defaultOnboardingForm(): OnboardingForm {
  return {
    step: 'main_marketplace',
    inventorySize: 0,
    mainMarketplace: 'ebay',
    marketplaces: ['ebay'],
    listingTemplate: { title: '', description: '' },
    crosslistWorkflow: DEFAULT_CROSSLIST_WORKFLOW,
    contact: { email: '', name: '', role: '' },
  };
}

/** One field a step cannot go without, named by its path in the form. */
export interface OnboardingIssue {
  path: string;
  message: string;
}

const EMAIL = z.email();

/**
 * Spec §5 strict form, one step at a time: the fields each step must hold before the seller
 * moves past it. The messages name the field as the form labels it (Full Name for the name).
 */
export function stepIssues(form: OnboardingForm, step: OnboardingStep): OnboardingIssue[] {
  const issues: OnboardingIssue[] = [];
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) issues.push({ path, message });
  };
  switch (step) {
    case 'main_marketplace':
      need(form.mainMarketplace !== null, 'mainMarketplace', 'Main marketplace is required');
      break;
    case 'marketplaces':
      need(form.marketplaces.length > 0, 'marketplaces', 'Choose at least one marketplace');
      break;
    case 'inventory_size':
      need(form.inventorySize > 0, 'inventorySize', 'Inventory size must be greater than 0');
      break;
    case 'crosslisting_workflow':
      need(isCrosslistWorkflow(form.crosslistWorkflow), 'crosslistWorkflow', 'Choose a workflow');
      break;
    case 'listing_template':
      need(form.listingTemplate.title !== '', 'listingTemplate.title', 'Title is required');
      need(
        form.listingTemplate.description !== '',
        'listingTemplate.description',
        'Description is required',
      );
      break;
    case 'contact':
      need(
        form.contact.email !== '' && EMAIL.safeParse(form.contact.email).success,
        'contact.email',
        form.contact.email === '' ? 'Email is required' : 'Email must be a valid e-mail address',
      );
      need(form.contact.name !== '', 'contact.name', 'Full Name is required');
      need(form.contact.role !== '', 'contact.role', 'Role is required');
      break;
    case 'onboarding_done':
      break;
  }
  return issues;
}

export function stepIndex(step: OnboardingStep): number {
  return ONBOARDING_STEP_ORDER.indexOf(step);
}

/**
 * Whether a save may put the seller at `form.step` (decision 0044): every step before it must
 * pass the strict form. Going back is always allowed (fewer steps come before), and moving on
 * to onboarding_done is the strict form of the whole record. Answers the issues that stop it.
 */
export function issuesBefore(form: OnboardingForm, step: OnboardingStep = form.step) {
  return ONBOARDING_STEP_ORDER.slice(0, stepIndex(step)).flatMap((s) => stepIssues(form, s));
}

/** The first step that still misses something: where a seller resumes a broken record. */
export function firstIncompleteStep(form: OnboardingForm): OnboardingStep {
  return ONBOARDING_STEP_ORDER.find((s) => stepIssues(form, s).length > 0) ?? 'onboarding_done';
}

/** Vestiaire Collective needs an API access granted by hand: its access request is offered. */
export function needsVestiaireAccess(marketplaces: readonly MarketplaceId[]): boolean {
  return marketplaces.includes('vestiaire') || marketplaces.includes('vestiaireApi');
}

export const VestiaireAccessRequestSchema = z
  .object({
    email: z
      .string({ message: 'Email is required' })
      .trim()
      .min(1, { message: 'Email is required' })
      .max(254)
      .pipe(z.email({ message: 'Email must be a valid e-mail address' })),
  })
  .strict();

/* ----------------------------------------------------------------------------------------- */
/* Workflow                                                                                   */
/* ----------------------------------------------------------------------------------------- */

/** What the product does for new items, in order, under each workflow. */
export const WORKFLOW_STEPS = [
  'create_item',
  'import_from_ebay',
  'import_csv',
  'cross_list',
] as const;
export type WorkflowStep = (typeof WORKFLOW_STEPS)[number];

export function workflowSteps(workflow: CrosslistWorkflow): WorkflowStep[] {
  switch (workflow) {
    case 'create_new_items_within_listloop':
      return ['create_item', 'cross_list'];
    case 'keep_importing_from_ebay':
      return ['import_from_ebay', 'cross_list'];
    case 'import_from_csv':
      return ['import_csv', 'cross_list'];
  }
}

export const EBAY_IMPORT_EVERY_HOURS = [1, 6, 12, 24, 48, 168] as const;
export const DEFAULT_EBAY_IMPORT_EVERY_HOURS = 24;

const EveryHoursSchema = z
  .number()
  .int()
  .refine((n) => (EBAY_IMPORT_EVERY_HOURS as readonly number[]).includes(n), {
    message: `Every how many hours is one of ${EBAY_IMPORT_EVERY_HOURS.join(', ')}`,
  });

/** PUT body: the whole workflow. */
export const WorkflowInputSchema = z
  .object({
    crosslistWorkflow: z.enum(CROSSLIST_WORKFLOWS),
    importFromEbay: z.object({ enabled: z.boolean(), everyHours: EveryHoursSchema }).strict(),
  })
  .strict();
export type WorkflowInput = z.infer<typeof WorkflowInputSchema>;

/** PATCH body: any part of it. */
export const WorkflowPatchSchema = z
  .object({
    crosslistWorkflow: z.enum(CROSSLIST_WORKFLOWS).optional(),
    importFromEbay: z
      .object({ enabled: z.boolean().optional(), everyHours: EveryHoursSchema.optional() })
      .strict()
      .optional(),
  })
  .strict();
export type WorkflowPatch = z.infer<typeof WorkflowPatchSchema>;

export const WorkflowSchema = z.object({
  crosslistWorkflow: z.enum(CROSSLIST_WORKFLOWS),
  importFromEbay: z.object({ enabled: z.boolean(), everyHours: z.number() }),
  steps: z.array(z.enum(WORKFLOW_STEPS)),
  schedule: z.object({
    /** Whether the account has a connected eBay account to import from. */
    ebayConnected: z.boolean(),
    /** When the next scheduled eBay import starts; null when none is scheduled. */
    nextImportAt: z.string().nullable(),
    lastImportAt: z.string().nullable(),
  }),
  updatedAt: z.string().nullable(),
});
export type Workflow = z.infer<typeof WorkflowSchema>;
