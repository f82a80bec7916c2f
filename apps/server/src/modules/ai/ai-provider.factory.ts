import type { AiConfig } from '../../platform/config';
import type { AiProvider } from './ai-provider';
import { OfflineProvider } from './offline.provider';
import { OpenAiCompatibleProvider } from './openai-compatible.provider';

/** The configured OpenAI-compatible server, or the offline helper when none is configured. */
export function aiProviderFrom(config: AiConfig): AiProvider {
  if (!config.server) return new OfflineProvider();
  return new OpenAiCompatibleProvider({
    baseUrl: config.server.baseUrl,
    model: config.server.model,
    apiKey: config.server.apiKey,
    vision: config.server.vision,
    timeoutMs: config.timeoutMs,
  });
}
