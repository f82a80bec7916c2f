import { HELP_TEXT_KEYS, type HelpTextKey, type SessionState } from '@listloop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { sessionQueryKey, type SessionData } from './session';

const HelpTextSeenResponseSchema = z.object({
  helpTextSeen: z.record(z.string(), z.boolean()),
});

export function markHelpTextSeen(key: HelpTextKey) {
  return apiRequest(`/api/user/help-text-seen/${encodeURIComponent(key)}`, {
    method: 'PUT',
    schema: HelpTextSeenResponseSchema,
  });
}

function withHelpTextSeen(
  data: SessionData | undefined,
  seen: Partial<Record<string, boolean>>,
): SessionData | undefined {
  if (!data || data.status !== 'logged-in') return data;
  const next: SessionState['helpTextSeen']['data'] = { ...data.helpTextSeen.data };
  for (const key of HELP_TEXT_KEYS) {
    const value = seen[key];
    if (typeof value === 'boolean') next[key] = value;
  }
  return { ...data, helpTextSeen: { ...data.helpTextSeen, data: next } };
}

/**
 * Marks one help text as seen: hidden at once, saved on the server. Spec §8: a failed save is
 * logged only; the text stays hidden for this session and may show again next time.
 */
export function useMarkHelpTextSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markHelpTextSeen,
    onMutate: (key) => {
      queryClient.setQueryData<SessionData>(sessionQueryKey, (data) =>
        withHelpTextSeen(data, { [key]: true }),
      );
    },
    onSuccess: (response) => {
      queryClient.setQueryData<SessionData>(sessionQueryKey, (data) =>
        withHelpTextSeen(data, response.helpTextSeen),
      );
    },
    onError: (error, key) => {
      console.warn(`Could not save that help text "${key}" was seen`, error);
    },
  });
}
