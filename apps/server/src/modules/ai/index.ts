// The AI helper module's door: its service (completions, suggestions from an item's photos,
// the account's usage) and the provider interface it answers through.
export {
  AiService,
  PHOTOS_PER_CALL_MAX,
  type AiPrices,
  type AiServiceDeps,
  type PhotoSuggestionsInput,
} from './ai.service';
export type {
  AiChatMessage,
  AiCompletion,
  AiCompletionCall,
  AiContentPart,
  AiProvider,
} from './ai-provider';
export { AiProviderError } from './ai-provider';
export { aiProviderFrom } from './ai-provider.factory';
