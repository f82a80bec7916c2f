import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  subjectTypeOf,
  type ActivityAction,
  type ActivityDetails,
  type ActivitySubjectType,
} from '@listloop/domain';
import type { RequestContext } from './request-context';

/**
 * The activity log, as platform sees it: a route declares in `config.activity` what a success
 * records, and one hook writes it before the answer leaves, so a client that saw the success
 * finds it in the log. Platform names no module: the activity module implements the recorder
 * and the container passes it in.
 */

/** What one entry is about, as a route knows it. */
export interface ActivityNote {
  /** Another action than the declared one (a listing request says which operation). */
  action?: ActivityAction;
  /** Null for an entry about many things at once. */
  id: string | null;
  /** The subject's name now (an item's title, a member's e-mail), copied into the entry. */
  label?: string | null;
  details?: ActivityDetails;
}

/** What a route's describer reads: the request as validated, and the answer it sent. */
export interface ActivityFacts<Response = unknown, Body = unknown> {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Body;
  /** The answer's body before serialising; undefined for an empty answer (204). */
  response: Response | undefined;
  /** The answer's status (201 for a connection made, 200 for one changed). */
  statusCode: number;
  ctx: RequestContext;
}

type Describe = (facts: ActivityFacts) => ActivityNote | ActivityNote[] | null;

/**
 * A route's declaration: the action its success records and how the subject is read from the
 * request and the answer; or `none` with the reason the route records nothing. Every mutating
 * member route has one (a test walks the route table).
 */
export type ActivityDeclaration =
  { action: ActivityAction; describe?: Describe } | { none: string };

export const activity = {
  /**
   * Records `action` on success; `describe` names the subject from what the route already has
   * (params, body, answer). Returning null records nothing (a request that changed nothing).
   * Without it, the handler names the subject with `noteActivity`.
   */
  records<Response = unknown, Body = unknown>(
    action: ActivityAction,
    describe?: (facts: ActivityFacts<Response, Body>) => ActivityNote | ActivityNote[] | null,
  ): ActivityDeclaration {
    return { action, describe: describe as Describe | undefined };
  },
  /**
   * Records `account.updated` about the caller's account, naming which of its settings changed
   * (the sentence on screen says which).
   */
  accountSettings(settings: string): ActivityDeclaration {
    return activity.records('account.updated', ({ ctx }) => ({
      id: ctx.accountId,
      label: ctx.account.companyName,
      details: { settings },
    }));
  },
  /** The route changes nothing the account's log is about; the reason says why. */
  none(reason: string): ActivityDeclaration {
    return { none: reason };
  },
};

/** One entry to write. */
export interface ActivityEntryInput {
  accountId: string;
  /** Null: ListLoop itself. */
  actorUserId: string | null;
  actorName: string | null;
  action: ActivityAction;
  subjectType: ActivitySubjectType;
  subjectId: string | null;
  subjectLabel: string | null;
  details: ActivityDetails;
}

/** Where entries go (the activity module's service). */
export interface ActivityRecorder {
  record(entries: ActivityEntryInput[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    activity?: ActivityDeclaration;
  }
  interface FastifyRequest {
    /** Subjects the handler named itself (`noteActivity`). */
    activityNotes: ActivityNote[] | null;
    /** The answer's body before serialising, kept for the declaration's describer. */
    activityResponse: unknown;
  }
}

/** For a handler that knows the subject better than its answer says (a deleted item's title). */
export function noteActivity(request: FastifyRequest, note: ActivityNote): void {
  request.activityNotes = [...(request.activityNotes ?? []), note];
}

/** How a declaration shows in the route table, for the test that walks it. */
export function activityKind(
  declaration: ActivityDeclaration | undefined,
): 'records' | 'none' | null {
  if (!declaration) return null;
  return 'none' in declaration ? 'none' : 'records';
}

/** The entries a successful request records, from its declaration and notes. */
export function entriesOf(
  declaration: ActivityDeclaration,
  facts: ActivityFacts,
  notes: ActivityNote[],
): ActivityEntryInput[] {
  if ('none' in declaration) return [];
  const described = declaration.describe?.(facts) ?? [];
  const all = [...notes, ...(Array.isArray(described) ? described : [described])];
  const { ctx } = facts;
  return all.map((note) => {
    const action = note.action ?? declaration.action;
    return {
      accountId: ctx.accountId,
      actorUserId: ctx.user.id,
      actorName: ctx.user.name.trim() || ctx.user.email,
      action,
      subjectType: subjectTypeOf(action),
      subjectId: note.id,
      subjectLabel: note.label?.trim() ? note.label.trim().slice(0, 300) : null,
      details: note.details ?? {},
    };
  });
}

/**
 * Keeps each answer's body, then, for a 2xx answer of a route that records, writes its entries
 * before the answer is sent. A failure to write is logged and the answer still goes: the change
 * itself is done, and saying otherwise would have the client repeat it.
 */
export function registerActivityRecording(app: FastifyInstance, recorder: ActivityRecorder): void {
  app.decorateRequest('activityNotes', null);
  app.decorateRequest('activityResponse', undefined);

  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.routeOptions.config?.activity) request.activityResponse = payload;
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const declaration = request.routeOptions.config?.activity;
    if (!declaration || 'none' in declaration) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300 || !request.ctx) return payload;
    try {
      const entries = entriesOf(
        declaration,
        {
          params: (request.params ?? {}) as Record<string, string>,
          query: (request.query ?? {}) as Record<string, unknown>,
          body: request.body,
          response: request.activityResponse,
          statusCode: reply.statusCode,
          ctx: request.ctx,
        },
        request.activityNotes ?? [],
      );
      if (entries.length > 0) await recorder.record(entries);
    } catch (error) {
      request.log.error({ err: error }, 'could not record the activity of a request');
    }
    return payload;
  });
}

/** The text at a path of an answer or a body, or null: describers read values of known shape. */
export function textAt(value: unknown, ...path: string[]): string | null {
  let at: unknown = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return null;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === 'string' ? at : null;
}

/** The texts of a list at a path (marketplaces, ids), or an empty list. */
export function textsAt(value: unknown, ...path: string[]): string[] {
  let at: unknown = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return [];
    at = (at as Record<string, unknown>)[key];
  }
  return Array.isArray(at) ? at.filter((v): v is string => typeof v === 'string') : [];
}

/** The number at a path, or null. */
export function numberAt(value: unknown, ...path: string[]): number | null {
  let at: unknown = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return null;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === 'number' && Number.isFinite(at) ? at : null;
}

/** The item an answer `{ item }` carries (the items and listings routes answer so). */
export function itemOf(facts: ActivityFacts, details?: ActivityDetails): ActivityNote {
  return {
    id: textAt(facts.response, 'item', 'itemID') ?? facts.params.itemId ?? null,
    label: textAt(facts.response, 'item', 'generalDetails', 'title'),
    ...(details ? { details } : {}),
  };
}
