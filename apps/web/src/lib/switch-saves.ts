/**
 * One switch's saves, one at a time. Flipping it again while its save is on the way is kept,
 * shown, and sent once that answer is in, unless the answer already left it that way: no
 * choice is dropped, and two saves of one switch never race.
 */
export interface SwitchSaves {
  /** The value on its way to the server; null when nothing is. */
  sending: boolean | null;
  /** The latest choice, made while `sending` was on its way. */
  next: boolean | null;
}

export const NO_SAVES: SwitchSaves = { sending: null, next: null };

/** The switch is flipped: what to send now (null: it waits for the save on the way). */
export function flipSwitch(
  saves: SwitchSaves,
  enabled: boolean,
): { saves: SwitchSaves; send: boolean | null } {
  if (saves.sending === null) return { saves: { sending: enabled, next: null }, send: enabled };
  return { saves: { ...saves, next: enabled }, send: null };
}

/**
 * The save on the way has its answer and the switch now is `saved` (the server's value, or the
 * one put back after a failure): the choice made meanwhile is sent next when it differs.
 */
export function saveSettled(
  saves: SwitchSaves,
  saved: boolean,
): { saves: SwitchSaves; send: boolean | null } {
  if (saves.next === null || saves.next === saved) return { saves: NO_SAVES, send: null };
  return { saves: { sending: saves.next, next: null }, send: saves.next };
}

/** What the switch shows: the latest choice while saves are on the way, else `saved`. */
export function shownValue(saves: SwitchSaves, saved: boolean): boolean {
  return saves.next ?? saves.sending ?? saved;
}
