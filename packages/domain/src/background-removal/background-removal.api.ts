import { z } from 'zod';
import { StoredImageSchema } from '../images/image.schema';

/**
 * Background removal (spec §7 `POST /api/rest/v1/background_remover`, usage counter
 * `usage.removeBackgroundImage`). The spec names the call and says it answers the picture; the
 * job routes the editor follows are ours. Decision: docs/decisions/0051-background-removal.md.
 */
export const BACKGROUND_REMOVAL_API = {
  remove: '/api/rest/v1/background_remover',
  jobs: '/api/rest/v1/background_remover/jobs',
  usage: '/api/rest/v1/background_remover/usage',
} as const;

export const backgroundRemovalJobPath = (jobId: string) =>
  `${BACKGROUND_REMOVAL_API.jobs}/${encodeURIComponent(jobId)}`;
export const backgroundRemovalResultPath = (jobId: string) =>
  `${backgroundRemovalJobPath(jobId)}/result`;
export const backgroundRemovalKeepPath = (jobId: string) =>
  `${backgroundRemovalJobPath(jobId)}/keep`;

/**
 * What the cut-out is given behind it: nothing (a PNG with transparency), white, or a colour
 * of the seller's choosing (both a JPEG, which every marketplace takes).
 */
export const BACKGROUND_OUTPUTS = ['png', 'white', 'colour'] as const;
export type BackgroundOutput = (typeof BACKGROUND_OUTPUTS)[number];

export const BACKGROUND_REMOVAL_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type BackgroundRemovalStatus = (typeof BACKGROUND_REMOVAL_STATUSES)[number];

/**
 * Why a removal failed, for the screen to word: the source is gone, is no picture we read, is
 * over the pixel cap, or the model stopped (after its retries).
 */
export const BACKGROUND_REMOVAL_FAILURES = [
  'sourceMissing',
  'notAnImage',
  'tooLarge',
  'modelFailed',
] as const;
export type BackgroundRemovalFailure = (typeof BACKGROUND_REMOVAL_FAILURES)[number];

/** `#rrggbb`, as a colour picker gives it. */
export const HexColourSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'colour must be #rrggbb, such as #f2f2f2' });

export const BACKGROUND_WHITE = '#ffffff';

/** The longest side the model is given and the result has (decision 0051). */
export const BACKGROUND_REMOVAL_MAX_SIDE = 2048;

/** Longest an origin platform name may be (`web`, `extension`, an integration's name). */
export const ORIGIN_PLATFORM_MAX = 64;
const OriginPlatformSchema = z.string().trim().min(1).max(ORIGIN_PLATFORM_MAX);

const OutputFields = {
  output: z.enum(BACKGROUND_OUTPUTS).default('png'),
  colour: HexColourSchema.optional().describe('With output colour: the background, #rrggbb'),
};

/** A colour output needs its colour; the others take none. */
function colourMatchesOutput(
  value: { output: BackgroundOutput; colour?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.output === 'colour' && !value.colour) {
    ctx.addIssue({
      code: 'custom',
      path: ['colour'],
      message: 'colour is required when output is colour (#rrggbb)',
    });
  }
}

/** Starts a removal of one of the account's photos (the editor's dialog). */
export const BackgroundRemovalStartSchema = z
  .object({
    imageId: z.string().min(1).max(64),
    ...OutputFields,
    originPlatform: OriginPlatformSchema.default('web'),
  })
  .strict()
  .superRefine(colourMatchesOutput);
export type BackgroundRemovalStart = z.input<typeof BackgroundRemovalStartSchema>;

/** The spec call's JSON form: `imageUrl` names one of the account's photos. */
export const BackgroundRemoverJsonSchema = z
  .object({
    originPlatform: OriginPlatformSchema,
    imageUrl: z.string().trim().min(1).max(2048),
    ...OutputFields,
  })
  .strict()
  .superRefine(colourMatchesOutput);

/** The spec call's picture form: the picture is the body, the rest the query. */
export const BackgroundRemoverQuerySchema = z
  .object({
    originPlatform: OriginPlatformSchema.optional(),
    ...OutputFields,
  })
  .superRefine(colourMatchesOutput);

export const BackgroundRemovalJobSchema = z.object({
  jobId: z.string(),
  /** The account's photo it was asked for; null when the picture came in the request. */
  imageId: z.string().nullable(),
  output: z.enum(BACKGROUND_OUTPUTS),
  colour: z.string().nullable(),
  status: z.enum(BACKGROUND_REMOVAL_STATUSES),
  /** 0 to 100. While the model runs it is an estimate from how long the last one took. */
  progress: z.number().int().min(0).max(100),
  failure: z.enum(BACKGROUND_REMOVAL_FAILURES).nullable(),
  /** The result's type once done: image/png, or image/jpeg on a background. */
  contentType: z.string().nullable(),
  resultPath: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The image the result became when the seller kept it. */
  keptImageId: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BackgroundRemovalJob = z.infer<typeof BackgroundRemovalJobSchema>;

export const BackgroundRemovalJobAnswerSchema = z.object({ job: BackgroundRemovalJobSchema });

/** The account's use: processed pictures, and the most it may have (null: no limit). */
export const BackgroundRemovalUsageSchema = z.object({
  used: z.number().int().min(0),
  limit: z.number().int().min(0).nullable(),
});
export type BackgroundRemovalUsage = z.infer<typeof BackgroundRemovalUsageSchema>;

export const BackgroundRemovalKeptSchema = z.object({
  job: BackgroundRemovalJobSchema,
  image: StoredImageSchema,
});
export type BackgroundRemovalKept = z.infer<typeof BackgroundRemovalKeptSchema>;

export const BackgroundRemovalJobParamsSchema = z.object({
  jobId: z.string().min(1).max(64),
});

/** Headers of the spec call's picture answer. */
export const BACKGROUND_REMOVAL_HEADERS = {
  jobId: 'x-background-removal-id',
  used: 'x-usage-remove-background-image',
  limit: 'x-usage-remove-background-limit',
} as const;

/** The whole job lasts about this long on a 2-core machine; the screen says so. */
export const BACKGROUND_REMOVAL_TYPICAL_SECONDS = 15;
