/** The model the OpenAI-compatible stand-in (`@listloop/emulators`) serves with pictures. */
export const STAND_IN_VISION_MODEL = 'stand-in-vision-model';

/** The server's AI settings pointing at a running stand-in, with its vision model. */
export function standInAiEnv(standInUrl: string, apiKey: string): Record<string, string> {
  return {
    AI_BASE_URL: `${standInUrl}/v1`,
    AI_MODEL: STAND_IN_VISION_MODEL,
    AI_API_KEY: apiKey,
    AI_VISION: 'true',
  };
}
