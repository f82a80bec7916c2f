/** Relative times for react-intl, shared by the screens that say how long ago something happened. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "3 minutes ago": the largest unit the time since fits at least once, for react-intl's
 * formatRelativeTime. Under a minute (or a clock a little ahead) is "now".
 */
export function relativeTime(
  at: Date | string,
  now: number,
): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const seconds = Math.round((now - new Date(at).getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return { value: -Math.floor(seconds / size), unit };
  }
  return { value: 0, unit: 'second' };
}
