import {
  AI_API,
  AiCompletionResponseSchema,
  type AiCompletionRequest,
  type AiCompletionResponse,
} from '@listloop/domain';
import { apiRequest } from '../../../lib/api-client';

/** Asks the AI helper for suggestions; nothing is saved by asking. */
export function requestSuggestions(body: AiCompletionRequest): Promise<AiCompletionResponse> {
  return apiRequest(AI_API.completions, {
    method: 'POST',
    body,
    schema: AiCompletionResponseSchema,
  });
}
