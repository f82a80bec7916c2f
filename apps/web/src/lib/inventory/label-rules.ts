import { LABEL_MAX_LENGTH, LABELS_PER_USER_MAX } from '@listloop/domain';

export type LabelNameProblem = 'required' | 'tooLong' | 'duplicate' | 'perUserLimit';

const key = (name: string) => name.trim().toLocaleLowerCase();

/**
 * Spec §9 label limits, checked before asking the server: at most 20 characters, at most 500
 * labels per seller, and no second label of the same name (compared without case).
 */
export function labelNameProblem(
  name: string,
  existing: readonly { id?: string; name: string }[],
  options: { renamingId?: string } = {},
): LabelNameProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  if (trimmed.length > LABEL_MAX_LENGTH) return 'tooLong';
  const others = existing.filter((label) => !options.renamingId || label.id !== options.renamingId);
  if (others.some((label) => key(label.name) === key(trimmed))) return 'duplicate';
  if (!options.renamingId && existing.length >= LABELS_PER_USER_MAX) return 'perUserLimit';
  return null;
}
