import {
  DEFAULT_LOCALE,
  defaultOnboardingForm,
  issuesBefore,
  localeForCountry,
  type CrosslistWorkflow,
  type MarketplaceId,
  type Onboarding,
  type OnboardingForm,
  type OnboardingStatus,
  type OnboardingStep,
  type PendingOnboarding,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { newId } from '../../platform/ids';
import type { Mailer } from '../../platform/mailer/mailer';
import type { AccountService } from '../accounts';
import type { UserService } from '../users';
import type { WorkflowService } from '../workflow';
import type { OnboardingRepository, OnboardingRow } from './onboarding.repository';
import {
  vestiaireAccessConfirmationEmail,
  vestiaireAccessRequestEmail,
} from './vestiaire-access.email';

const NO_SUCH_ONBOARDING = 'No such onboarding.';
/** One Vestiaire access request per account in this window. */
export const VESTIAIRE_REQUEST_WINDOW_MS = 15 * 60 * 1000;
/** Pending onboardings listed to staff at once, oldest first. */
const PENDING_LISTED = 500;

export function toOnboarding(row: OnboardingRow): Onboarding {
  return {
    id: row.id,
    userId: row.userId,
    accountId: row.accountId,
    status: row.status as OnboardingStatus,
    startedAt: row.startedAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    step: row.step as OnboardingStep,
    inventorySize: row.inventorySize,
    mainMarketplace: (row.mainMarketplace as MarketplaceId | null) ?? null,
    marketplaces: row.marketplaces,
    listingTemplate: row.listingTemplate,
    crosslistWorkflow: row.crosslistWorkflow as CrosslistWorkflow,
    contact: row.contact,
    vestiaireAccessRequestedAt: row.vestiaireAccessRequestedAt?.toISOString() ?? null,
  };
}

/**
 * What the account keeps of its onboarding (decision 0044): the session's approved flag and,
 * once approved, the marketplaces the seller chose, which then become the allowed ones
 * (spec §4). An onboarding in progress holds the defaults, so it restricts nothing yet.
 */
export function accountMirrorOf(row: OnboardingRow): Record<string, unknown> {
  return {
    id: row.id,
    status: row.status,
    step: row.step,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    ...(row.status === 'APPROVED' ? { marketplaces: row.marketplaces } : {}),
  };
}

/**
 * Spec §2–§5 onboarding: one record per account, made with the defaults on first fetch; saved
 * a step at a time in the lenient form; a step may be reached only when every step before it
 * passes the strict form, so reaching onboarding_done is finishing. Finishing approves a
 * self-serve seller at once and writes the chosen workflow; provider staff may approve one
 * still in progress.
 */
export class OnboardingService {
  constructor(
    private readonly db: Db,
    private readonly onboardings: OnboardingRepository,
    private readonly accounts: Pick<AccountService, 'findById' | 'setOnboardingMirror'>,
    private readonly users: Pick<UserService, 'findDetails'>,
    private readonly workflows: Pick<WorkflowService, 'adopt'>,
    private readonly mailer: Mailer,
    private readonly options: { vestiaireAccessEmail: string },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The caller's account's onboarding, made with the defaults the first time. */
  async mine(ctx: RequestContext): Promise<Onboarding> {
    return toOnboarding(await this.ensure(ctx));
  }

  async byId(ctx: RequestContext, id: string): Promise<Onboarding> {
    const row = await this.onboardings.findById(id);
    if (!row || row.accountId !== ctx.accountId) throw notFound(NO_SUCH_ONBOARDING);
    return toOnboarding(row);
  }

  /**
   * Saves the form. Every step before the one it names must pass the strict form (400 naming
   * each missing field); naming onboarding_done finishes, which approves the onboarding.
   */
  async save(ctx: RequestContext, form: OnboardingForm): Promise<Onboarding> {
    const issues = issuesBefore(form);
    if (issues.length > 0) {
      const finishing = form.step === 'onboarding_done';
      throw badRequest(
        `${finishing ? 'To finish, fill in' : 'Fill in the earlier steps first'}: ${issues
          .map((i) => i.message)
          .join('; ')}.`,
        issues,
      );
    }
    const current = await this.ensure(ctx);
    const now = this.now();
    const finishing = form.step === 'onboarding_done' && current.status !== 'APPROVED';
    const row = await this.db.transaction(async (tx) => {
      const saved = await this.onboardings.update(
        current.id,
        {
          step: form.step,
          inventorySize: form.inventorySize,
          mainMarketplace: form.mainMarketplace,
          // Once, in the order chosen.
          marketplaces: [...new Set(form.marketplaces)],
          listingTemplate: form.listingTemplate,
          crosslistWorkflow: form.crosslistWorkflow,
          contact: form.contact,
          ...(finishing ? { status: 'APPROVED', approvedAt: now, approvedBy: null } : {}),
        },
        tx,
      );
      if (finishing) {
        await this.workflows.adopt(
          ctx.accountId,
          ctx.user.id,
          saved.crosslistWorkflow as CrosslistWorkflow,
          tx,
        );
      }
      await this.accounts.setOnboardingMirror(ctx.accountId, accountMirrorOf(saved), tx);
      return saved;
    });
    return toOnboarding(row);
  }

  /** Provider staff: every account's onboarding still in progress, oldest first. */
  async pending(): Promise<PendingOnboarding[]> {
    const rows = await this.onboardings.pending(PENDING_LISTED);
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        accountId: row.accountId,
        companyName: (await this.accounts.findById(row.accountId))?.companyName ?? '',
        contact: row.contact,
        step: row.step as OnboardingStep,
        startedAt: row.startedAt.toISOString(),
      })),
    );
  }

  /** Provider staff approve an onboarding (a seller who asked for help); approving twice is one. */
  async approve(ctx: RequestContext, id: string): Promise<Onboarding> {
    const row = await this.onboardings.findById(id);
    if (!row) throw notFound(NO_SUCH_ONBOARDING);
    if (row.status === 'APPROVED') return toOnboarding(row);
    const approved = await this.db.transaction(async (tx) => {
      const saved = await this.onboardings.update(
        id,
        { status: 'APPROVED', approvedAt: this.now(), approvedBy: ctx.user.id },
        tx,
      );
      await this.workflows.adopt(
        saved.accountId,
        saved.userId,
        saved.crosslistWorkflow as CrosslistWorkflow,
        tx,
      );
      await this.accounts.setOnboardingMirror(saved.accountId, accountMirrorOf(saved), tx);
      return saved;
    });
    return toOnboarding(approved);
  }

  /**
   * Spec §7: e-mails the request for Vestiaire Collective API access (to VESTIAIRE_ACCESS_EMAIL,
   * with the account and its contact) and a confirmation to the seller's address. One request
   * per account every 15 minutes; a send that fails frees the turn again.
   */
  async requestVestiaireAccess(ctx: RequestContext, email: string): Promise<Onboarding> {
    if (!this.mailer.enabled) throw new AppError(409, 'onboarding/email-off');
    const current = await this.ensure(ctx);
    const now = this.now();
    const claim = await this.onboardings.claimVestiaireRequest(
      current.id,
      now,
      new Date(now.getTime() - VESTIAIRE_REQUEST_WINDOW_MS),
    );
    if (!claim) {
      const last = (await this.onboardings.findById(current.id))?.vestiaireAccessRequestedAt;
      const wait = last
        ? (last.getTime() + VESTIAIRE_REQUEST_WINDOW_MS - now.getTime()) / 1000
        : VESTIAIRE_REQUEST_WINDOW_MS / 1000;
      const minutes = Math.max(1, Math.ceil(wait / 60));
      throw new AppError(
        429,
        'request/too-many',
        `The Vestiaire Collective access request was sent a moment ago. You can send it again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        {},
        wait,
      );
    }
    const account = await this.accounts.findById(ctx.accountId);
    const company = account?.companyName ?? '';
    const details = await this.users.findDetails(ctx.user.id);
    try {
      await this.mailer.send(
        vestiaireAccessRequestEmail({
          to: this.options.vestiaireAccessEmail,
          company,
          accountId: ctx.accountId,
          email,
          contact: current.contact,
          requestedBy: ctx.user.name.trim()
            ? `${ctx.user.name} (${ctx.user.email})`
            : ctx.user.email,
        }),
      );
    } catch {
      await this.onboardings.setVestiaireRequestedAt(current.id, claim.previous);
      throw new AppError(502, 'onboarding/request-not-sent');
    }
    // The request went out: a confirmation that fails to send does not undo it.
    await this.mailer
      .send(
        vestiaireAccessConfirmationEmail({
          locale: details ? localeForCountry(details.countryCode) : DEFAULT_LOCALE,
          to: email,
          company,
        }),
      )
      .catch(() => undefined);
    return toOnboarding((await this.onboardings.findById(current.id)) ?? current);
  }

  /**
   * The account's record, made on first need: with the spec's defaults, or already approved for
   * an account whose copy says it was approved before the record existed.
   */
  private async ensure(ctx: RequestContext): Promise<OnboardingRow> {
    const existing = await this.onboardings.findByAccount(ctx.accountId);
    if (existing) return existing;
    const account = await this.accounts.findById(ctx.accountId);
    const wasApproved = account?.onboarding?.status === 'APPROVED';
    const defaults = defaultOnboardingForm();
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const row = await this.onboardings.createOnce(
        {
          id: newId(),
          accountId: ctx.accountId,
          userId: ctx.user.id,
          status: wasApproved ? 'APPROVED' : 'PENDING',
          step: defaults.step,
          inventorySize: defaults.inventorySize,
          mainMarketplace: defaults.mainMarketplace,
          marketplaces: defaults.marketplaces,
          listingTemplate: defaults.listingTemplate,
          crosslistWorkflow: defaults.crosslistWorkflow,
          contact: defaults.contact,
          startedAt: now,
          approvedAt: wasApproved ? now : null,
        },
        tx,
      );
      // An approved account keeps the copy it had (its marketplaces included).
      if (!wasApproved) {
        await this.accounts.setOnboardingMirror(ctx.accountId, accountMirrorOf(row), tx);
      }
      return row;
    });
  }
}
