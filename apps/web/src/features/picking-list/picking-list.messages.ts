import type {
  PickingListColumn,
  PickingListLayout,
  PickingListSortKey,
  SortDirection,
} from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages';
import type { CameraProblem, DeadlineState } from './picking-list-view';

export const pickingListMessages = defineMessages({
  documentTitle: { id: 'pickingList.documentTitle' },
  title: { id: 'pickingList.title' },
  intro: { id: 'pickingList.intro' },
  offTitle: { id: 'pickingList.off.title' },
  offBody: { id: 'pickingList.off.body' },
  offAskManager: { id: 'pickingList.off.askManager' },
  offTurnOn: { id: 'pickingList.off.turnOn' },
  tabsLabel: { id: 'pickingList.tabs.label' },
  tabToPack: { id: 'pickingList.tabs.toPack' },
  tabPacked: { id: 'pickingList.tabs.packed' },
  loadFailed: { id: 'pickingList.loadFailed' },
  emptyTitle: { id: 'pickingList.empty.title' },
  emptyBody: { id: 'pickingList.empty.body' },
  summary: { id: 'pickingList.summary' },
  methodBarcode: { id: 'pickingList.method.via_barcode' },
  methodPhoto: { id: 'pickingList.method.via_photo' },
  readOnly: { id: 'pickingList.readOnly' },
  toolbar: { id: 'pickingList.toolbar' },
  print: { id: 'pickingList.print' },
  viewOptions: { id: 'pickingList.viewOptions' },
  listSettings: { id: 'pickingList.listSettings' },
  inPerson: { id: 'pickingList.inPerson' },
  untitled: { id: 'pickingList.untitled' },
  ordersLabel: { id: 'pickingList.orders.label' },

  orderHeading: { id: 'pickingList.order.heading' },
  orderSold: { id: 'pickingList.order.sold' },
  orderShipBy: { id: 'pickingList.order.shipBy' },
  orderShipByNotGiven: { id: 'pickingList.order.shipByNotGiven' },
  orderProgress: { id: 'pickingList.order.progress' },
  orderReady: { id: 'pickingList.order.ready' },
  orderPack: { id: 'pickingList.order.pack' },
  orderMore: { id: 'pickingList.order.more' },
  orderPrint: { id: 'pickingList.order.print' },
  orderRemove: { id: 'pickingList.order.remove' },
  orderRemoveTitle: { id: 'pickingList.order.removeTitle' },
  orderRemoveBody: { id: 'pickingList.order.removeBody' },
  orderRemoved: { id: 'pickingList.order.removed' },
  orderRemoveFailed: { id: 'pickingList.order.removeFailed' },
  linesLabel: { id: 'pickingList.lines.label' },
  lineChecked: { id: 'pickingList.line.checked' },
  lineNotChecked: { id: 'pickingList.line.notChecked' },
  lineUnits: { id: 'pickingList.line.units' },
  lineNoSku: { id: 'pickingList.line.noSku' },
  lineNoLocation: { id: 'pickingList.line.noLocation' },
  linePhotoAlt: { id: 'pickingList.line.photoAlt' },
  lineCheckedBy: { id: 'pickingList.line.checkedBy' },
  columnStatus: { id: 'pickingList.column.status' },

  packTitle: { id: 'pickingList.pack.title' },
  packIntroBarcode: { id: 'pickingList.pack.intro.via_barcode' },
  packIntroPhoto: { id: 'pickingList.pack.intro.via_photo' },
  packSku: { id: 'pickingList.pack.sku' },
  packSkuPlaceholder: { id: 'pickingList.pack.skuPlaceholder' },
  packCheck: { id: 'pickingList.pack.check' },
  packConfirm: { id: 'pickingList.pack.confirm' },
  packConfirmLabel: { id: 'pickingList.pack.confirmLabel' },
  packUndo: { id: 'pickingList.pack.undo' },
  packUndoLabel: { id: 'pickingList.pack.undoLabel' },
  packByEye: { id: 'pickingList.pack.byEye' },
  packNoPhoto: { id: 'pickingList.pack.noPhoto' },
  packMarkPacked: { id: 'pickingList.pack.markPacked' },
  packNotReady: { id: 'pickingList.pack.notReady' },
  packPacked: { id: 'pickingList.pack.packed' },
  cameraStart: { id: 'pickingList.camera.start' },
  cameraStop: { id: 'pickingList.camera.stop' },
  cameraLabel: { id: 'pickingList.camera.label' },
  cameraHint: { id: 'pickingList.camera.hint' },
  cameraStarting: { id: 'pickingList.camera.starting' },

  scanVerified: { id: 'pickingList.scan.verified' },
  scanAlreadyVerified: { id: 'pickingList.scan.alreadyVerified' },
  scanOnAnotherOrder: { id: 'pickingList.scan.onAnotherOrder' },
  scanNotOnList: { id: 'pickingList.scan.notOnList' },
  scanUnknown: { id: 'pickingList.scan.unknown' },

  viewTitle: { id: 'pickingList.view.title' },
  viewColumns: { id: 'pickingList.view.columns' },
  viewColumnsHint: { id: 'pickingList.view.columnsHint' },
  viewSortBy: { id: 'pickingList.view.sortBy' },
  viewDirection: { id: 'pickingList.view.direction' },
  viewSave: { id: 'pickingList.view.save' },
  viewSaved: { id: 'pickingList.view.saved' },
  viewAtLeastOne: { id: 'pickingList.view.atLeastOne' },
  saveFailed: { id: 'pickingList.saveFailed' },

  defaultsTitle: { id: 'pickingList.defaults.title' },
  defaultsIntro: { id: 'pickingList.defaults.intro' },
  defaultsDaysBack: { id: 'pickingList.defaults.daysBack' },
  defaultsDaysBackHint: { id: 'pickingList.defaults.daysBackHint' },
  defaultsInPerson: { id: 'pickingList.defaults.includeInPerson' },
  defaultsInPersonHint: { id: 'pickingList.defaults.includeInPersonHint' },
  defaultsLayout: { id: 'pickingList.defaults.layout' },
  defaultsSave: { id: 'pickingList.defaults.save' },
  defaultsReset: { id: 'pickingList.defaults.reset' },
  defaultsSaved: { id: 'pickingList.defaults.saved' },
  defaultsLoadFailed: { id: 'pickingList.defaults.loadFailed' },

  printTitle: { id: 'pickingList.print.title' },
  printLayout: { id: 'pickingList.print.layout' },
  printScopeAll: { id: 'pickingList.print.scopeAll' },
  printScopeOne: { id: 'pickingList.print.scopeOne' },
  printColumns: { id: 'pickingList.print.columns' },
  printSubmit: { id: 'pickingList.print.submit' },
  printReady: { id: 'pickingList.print.ready' },
  printOpen: { id: 'pickingList.print.open' },
  printDownload: { id: 'pickingList.print.download' },
  printFailed: { id: 'pickingList.print.failed' },

  historyLabel: { id: 'pickingList.history.label' },
  historyEmptyTitle: { id: 'pickingList.history.emptyTitle' },
  historyEmptyBody: { id: 'pickingList.history.emptyBody' },
  historyLoadFailed: { id: 'pickingList.history.loadFailed' },
  historyPacked: { id: 'pickingList.history.packed' },
  historyRemoved: { id: 'pickingList.history.removed' },
  historyItems: { id: 'pickingList.history.items' },
  historyLoadMore: { id: 'pickingList.history.loadMore' },
  historyColumnOrder: { id: 'pickingList.history.column.order' },
  historyColumnItems: { id: 'pickingList.history.column.items' },
  historyColumnWhat: { id: 'pickingList.history.column.what' },
  historyColumnWhen: { id: 'pickingList.history.column.when' },
});

export const columnNames = defineMessages({
  photo: { id: 'pickingList.column.photo' },
  title: { id: 'pickingList.column.title' },
  sku: { id: 'pickingList.column.sku' },
  location: { id: 'pickingList.column.location' },
  quantity: { id: 'pickingList.column.quantity' },
  marketplace: { id: 'pickingList.column.marketplace' },
  orderId: { id: 'pickingList.column.orderId' },
  shipBy: { id: 'pickingList.column.shipBy' },
  soldAt: { id: 'pickingList.column.soldAt' },
}) satisfies Record<PickingListColumn, MessageDescriptor>;

export const sortNames = defineMessages({
  ship_by: { id: 'pickingList.sort.ship_by' },
  sold_at: { id: 'pickingList.sort.sold_at' },
  location: { id: 'pickingList.sort.location' },
  marketplace: { id: 'pickingList.sort.marketplace' },
}) satisfies Record<PickingListSortKey, MessageDescriptor>;

/** The directions in the words of what is sorted (nearest deadline first, A to Z…). */
export const directionNames = {
  ship_by: defineMessages({
    asc: { id: 'pickingList.direction.ship_by.asc' },
    desc: { id: 'pickingList.direction.ship_by.desc' },
  }),
  sold_at: defineMessages({
    asc: { id: 'pickingList.direction.sold_at.asc' },
    desc: { id: 'pickingList.direction.sold_at.desc' },
  }),
  location: defineMessages({
    asc: { id: 'pickingList.direction.location.asc' },
    desc: { id: 'pickingList.direction.location.desc' },
  }),
  marketplace: defineMessages({
    asc: { id: 'pickingList.direction.marketplace.asc' },
    desc: { id: 'pickingList.direction.marketplace.desc' },
  }),
} satisfies Record<PickingListSortKey, Record<SortDirection, MessageDescriptor>>;

export const layoutNames = defineMessages({
  order_per_page: { id: 'pickingList.layout.order_per_page' },
  compact: { id: 'pickingList.layout.compact' },
}) satisfies Record<PickingListLayout, MessageDescriptor>;

export const cameraProblems = defineMessages({
  denied: { id: 'pickingList.camera.denied' },
  none: { id: 'pickingList.camera.none' },
  busy: { id: 'pickingList.camera.busy' },
  unsupported: { id: 'pickingList.camera.unsupported' },
  failed: { id: 'pickingList.camera.failed' },
}) satisfies Record<CameraProblem, MessageDescriptor>;

export const deadlineNames = defineMessages({
  late: { id: 'pickingList.deadline.late' },
  today: { id: 'pickingList.deadline.today' },
  soon: { id: 'pickingList.deadline.soon' },
  later: { id: 'pickingList.deadline.later' },
}) satisfies Record<DeadlineState, MessageDescriptor>;
