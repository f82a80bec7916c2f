import {
  DEFAULT_PICKING_LIST_FORM_DEFAULTS,
  DEFAULT_PICKING_LIST_VIEW,
  type AccountConfig,
  type PickingListFormDefaults,
  type PickingListFormDefaultsInput,
  type PickingListVerificationMethod,
  type PickingListView,
  type PickingListViewInput,
} from '@listloop/domain';
import { AppError } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import type { FormDefaultsRow, PickingListRepository } from './picking-list.repository';

/** The account's switch and verification method (spec §3 config.features.pickingList). */
export function pickingListSwitch(config: Partial<AccountConfig> | null | undefined): {
  enabled: boolean;
  method: PickingListVerificationMethod;
} {
  const pickingList = config?.features?.pickingList;
  return {
    enabled: pickingList?.isEnabled === true,
    method: pickingList?.verificationMethod === 'via_barcode' ? 'via_barcode' : 'via_photo',
  };
}

/**
 * Every picking-list request needs the account's switch on: otherwise 409 picking-list/off,
 * whose message says who turns it on and where. Answers how the account checks items.
 */
export function requirePickingList(ctx: RequestContext): PickingListVerificationMethod {
  const settings = pickingListSwitch(ctx.account.config);
  if (!settings.enabled) throw new AppError(409, 'picking-list/off');
  return settings.method;
}

function formDefaultsView(row: FormDefaultsRow | null): PickingListFormDefaults {
  if (!row) return { ...DEFAULT_PICKING_LIST_FORM_DEFAULTS };
  return {
    layout: row.layout,
    daysBack: row.daysBack,
    includeInPerson: row.includeInPerson,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What the picking list is shown and printed with: each member's own columns and sort
 * (spec §7 /columns), and the account's form defaults (spec §7 /form-defaults: print layout,
 * days of sales, in-person sales).
 */
export class PickingListSettingsService {
  constructor(private readonly repository: PickingListRepository) {}

  /** The member's own columns and sort (the product's until they save theirs). */
  async viewOf(accountId: string, userId: string): Promise<PickingListView> {
    const row = await this.repository.findView(accountId, userId);
    if (!row) {
      return { ...DEFAULT_PICKING_LIST_VIEW, columns: [...DEFAULT_PICKING_LIST_VIEW.columns] };
    }
    return { columns: row.columns, sort: row.sort, saved: true };
  }

  /** The account's form defaults, whoever asks (the home page's count reads them too). */
  async formDefaultsOf(accountId: string): Promise<PickingListFormDefaults> {
    return formDefaultsView(await this.repository.findFormDefaults(accountId));
  }

  async view(ctx: RequestContext): Promise<PickingListView> {
    requirePickingList(ctx);
    return this.viewOf(ctx.accountId, ctx.user.id);
  }

  async saveView(ctx: RequestContext, input: PickingListViewInput): Promise<PickingListView> {
    requirePickingList(ctx);
    const row = await this.repository.saveView({
      accountId: ctx.accountId,
      userId: ctx.user.id,
      columns: input.columns,
      sort: input.sort,
    });
    return { columns: row.columns, sort: row.sort, saved: true };
  }

  async formDefaults(ctx: RequestContext): Promise<PickingListFormDefaults> {
    requirePickingList(ctx);
    return this.formDefaultsOf(ctx.accountId);
  }

  /** A partial save: a field left out keeps its value. */
  async saveFormDefaults(
    ctx: RequestContext,
    input: PickingListFormDefaultsInput,
  ): Promise<PickingListFormDefaults> {
    requirePickingList(ctx);
    const current = await this.formDefaultsOf(ctx.accountId);
    const row = await this.repository.saveFormDefaults({
      accountId: ctx.accountId,
      layout: input.layout ?? current.layout,
      daysBack: input.daysBack ?? current.daysBack,
      includeInPerson: input.includeInPerson ?? current.includeInPerson,
      updatedBy: ctx.user.id,
    });
    return formDefaultsView(row);
  }

  /** Back to the product's defaults. */
  async resetFormDefaults(ctx: RequestContext): Promise<PickingListFormDefaults> {
    requirePickingList(ctx);
    await this.repository.deleteFormDefaults(ctx.accountId);
    return formDefaultsView(null);
  }
}
