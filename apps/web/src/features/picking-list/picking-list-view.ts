import {
  isLineVerified,
  MARKETPLACE_NAMES,
  type PickingOrder,
  type SaleChannel,
  type ScanResult,
} from '@listloop/domain';
import type { IntlShape } from 'react-intl';
import { pickingListMessages as m } from './picking-list.messages';

/** A marketplace by its name; a sale made in person in the screen's words. */
export function channelName(intl: IntlShape, channel: SaleChannel): string {
  return channel === 'in_person' ? intl.formatMessage(m.inPerson) : MARKETPLACE_NAMES[channel];
}

/** How many units of an order are checked, of how many. */
export function orderProgress(order: Pick<PickingOrder, 'lines'>): {
  checked: number;
  total: number;
} {
  return order.lines.reduce(
    (sum, line) => ({
      checked: sum.checked + Math.min(line.verifiedUnits, line.quantity),
      total: sum.total + line.quantity,
    }),
    { checked: 0, total: 0 },
  );
}

/** Lines still to check, for the packing dialog's focus. */
export function linesToCheck<T extends { quantity: number; verifiedUnits: number }>(
  lines: readonly T[],
): T[] {
  return lines.filter((line) => !isLineVerified(line));
}

export type DeadlineState = 'late' | 'today' | 'soon' | 'later';

/**
 * How near the buyer's shipping deadline is, for its colour: past it, due today (in the
 * viewer's day), within two days, or later. Null when the marketplace gave none.
 */
export function deadlineState(shipBy: string | null, now: Date): DeadlineState | null {
  if (!shipBy) return null;
  const deadline = new Date(shipBy);
  if (deadline.getTime() < now.getTime()) return 'late';
  const sameDay =
    deadline.getFullYear() === now.getFullYear() &&
    deadline.getMonth() === now.getMonth() &&
    deadline.getDate() === now.getDate();
  if (sameDay) return 'today';
  return deadline.getTime() - now.getTime() <= 2 * 24 * 60 * 60 * 1000 ? 'soon' : 'later';
}

export const DEADLINE_COLORS: Record<DeadlineState, string> = {
  late: 'red',
  today: 'orange',
  soon: 'yellow',
  later: 'gray',
};

/** What the packer is told of a scan, and how loudly. */
export function scanFeedback(
  intl: IntlShape,
  scan: ScanResult,
): { tone: 'success' | 'warning' | 'error'; text: string } {
  const title = scan.item?.title.trim() || intl.formatMessage(m.untitled);
  switch (scan.outcome) {
    case 'verified':
      return { tone: 'success', text: intl.formatMessage(m.scanVerified, { title }) };
    case 'already_verified':
      return { tone: 'warning', text: intl.formatMessage(m.scanAlreadyVerified, { title }) };
    case 'on_another_order':
      return {
        tone: 'error',
        text: intl.formatMessage(m.scanOnAnotherOrder, {
          sku: scan.sku,
          title,
          orderId: scan.order?.externalOrderId ?? '',
          marketplace: scan.order ? channelName(intl, scan.order.marketplace) : '',
        }),
      };
    case 'not_on_list':
      return {
        tone: 'error',
        text: intl.formatMessage(m.scanNotOnList, { sku: scan.sku, title }),
      };
    case 'unknown':
      return { tone: 'error', text: intl.formatMessage(m.scanUnknown, { sku: scan.sku }) };
  }
}

export type CameraProblem = 'denied' | 'none' | 'busy' | 'unsupported' | 'failed';

/**
 * Why the camera could not start, from the browser's error: permission refused, no camera,
 * one another app holds, or no camera API at all (an http:// address, an old browser).
 */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'none';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    case 'NotSupportedError':
    case 'TypeError':
      return 'unsupported';
    default:
      return 'failed';
  }
}

/** Whether this browser offers a camera to the page at all (secure context, mediaDevices). */
export function cameraAvailable(nav: Pick<Navigator, 'mediaDevices'> | undefined): boolean {
  return typeof nav?.mediaDevices?.getUserMedia === 'function';
}

/** The name a printed list downloads under: the day it was made. */
export function pdfFileName(now: Date): string {
  const day = [
    now.getFullYear(),
    String(now.getMonth() + 1).padStart(2, '0'),
    String(now.getDate()).padStart(2, '0'),
  ].join('-');
  return `picking-list-${day}.pdf`;
}
