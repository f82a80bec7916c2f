import type {
  GraphQLError,
  DocumentNode,
  GraphQLFormattedError,
  OperationDefinitionNode,
} from 'graphql';
import { Kind, execute, getOperationAST, parse, validate } from 'graphql';
import { header, json, type EmulatorRequest, type EmulatorResponse } from '../core/http';
import type { Violation } from '../core/violations';
import { shopifyAdminSchema } from './admin-schema';
import type { CostBuckets } from './query-cost';
import { requestedQueryCost } from './query-cost';
import { rootValue, type AdminContext } from './resolvers';

/** Shopify's answer to a missing, unknown or expired access token (401). */
export const INVALID_TOKEN_MESSAGE =
  '[API] Invalid API key or access token (unrecognized login or wrong password)';

export interface GraphqlCall {
  request: EmulatorRequest;
  /** The path as the caller sent it (for violations). */
  path: string;
  context: Omit<AdminContext, 'warn'>;
  buckets: CostBuckets;
  record: (violation: Violation) => void;
  now: number;
}

interface GraphqlBody {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | null;
}

/** The request's document and variables: JSON `{query, variables, operationName}` or application/graphql. */
function readBody(request: EmulatorRequest): GraphqlBody | string {
  const type = (header(request.headers, 'content-type') ?? '').toLowerCase();
  const text = request.rawBody.toString('utf8');
  if (type.includes('application/graphql'))
    return { query: text, variables: {}, operationName: null };
  if (!type.includes('json')) {
    return `Content-Type must be application/json or application/graphql (got "${type || 'none'}")`;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return `The body is not JSON: ${(error as Error).message}`;
  }
  if (!body || typeof body !== 'object') return 'The body must be a JSON object';
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string' || !query.trim()) return 'The body has no "query" string';
  if (
    variables !== undefined &&
    variables !== null &&
    (typeof variables !== 'object' || Array.isArray(variables))
  ) {
    return '"variables" must be an object';
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return '"operationName" must be a string';
  }
  return {
    query,
    variables: (variables ?? {}) as Record<string, unknown>,
    operationName: (operationName as string | null | undefined) ?? null,
  };
}

function operationLabel(
  document: DocumentNode | null,
  operation: OperationDefinitionNode | null,
  name: string | null,
): string | null {
  if (operation?.name) return operation.name.value;
  if (name) return name;
  const op = operation ?? document?.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (op && op.kind === Kind.OPERATION_DEFINITION) {
    return op.selectionSet.selections
      .map((s) => (s.kind === Kind.FIELD ? s.name.value : '…'))
      .join(',');
  }
  return null;
}

function formatted(errors: readonly GraphQLError[]): GraphQLFormattedError[] {
  return errors.map((error) => error.toJSON());
}

/**
 * POST /admin/api/{version}/graphql.json once the token is good: parse, validate against the
 * schema, coerce the variables, charge the cost, execute. Documents the real API would refuse
 * are answered as Shopify does (200 with `errors`) and recorded as violations.
 */
export function handleGraphql(call: GraphqlCall): EmulatorResponse {
  const { request, record, path } = call;
  const violation = (
    operationId: string | null,
    messages: string[],
    direction: Violation['direction'] = 'request',
  ) =>
    record({
      direction,
      api: 'shopify.admin',
      operationId,
      method: request.method,
      path,
      status: direction === 'response' ? 200 : null,
      messages,
      at: call.now,
    });

  const body = readBody(request);
  if (typeof body === 'string') {
    violation(null, [body]);
    return json(400, { errors: { query: 'Required parameter missing or invalid' } });
  }
  let document: DocumentNode;
  try {
    document = parse(body.query);
  } catch (error) {
    const syntax = error as GraphQLError;
    violation(body.operationName, [syntax.message]);
    return json(200, { errors: formatted([syntax]) });
  }
  const invalid = validate(shopifyAdminSchema, document);
  if (invalid.length > 0) {
    violation(
      operationLabel(document, null, body.operationName),
      invalid.map((e) => e.message),
    );
    return json(200, { errors: formatted(invalid) });
  }
  const operation = getOperationAST(document, body.operationName);
  if (!operation) {
    const message = body.operationName
      ? `No operation named "${body.operationName}"`
      : 'An operationName is required when the document has several operations';
    violation(body.operationName, [message]);
    return json(200, { errors: [{ message }] });
  }
  const label = operationLabel(document, operation, body.operationName);

  const cost = requestedQueryCost(shopifyAdminSchema, document, operation, body.variables);
  if (cost > call.buckets.maxSingleQueryCost) {
    const message = `Query cost is ${cost}, which exceeds the single query max cost limit (${call.buckets.maxSingleQueryCost}).`;
    violation(label, [message]);
    return json(200, {
      errors: [
        {
          message,
          extensions: { code: 'MAX_COST_EXCEEDED', cost, maxCost: call.buckets.maxSingleQueryCost },
        },
      ],
    });
  }
  const bucketKey = `${call.context.shop.domain}|${call.context.clientId}`;
  const taken = call.buckets.take(bucketKey, cost);
  if (!taken.allowed) {
    return json(200, {
      errors: [
        {
          message: 'Throttled',
          extensions: {
            code: 'THROTTLED',
            documentation: 'https://shopify.dev/api/usage/rate-limits',
          },
        },
      ],
      extensions: {
        cost: { requestedQueryCost: cost, actualQueryCost: null, throttleStatus: taken.status },
      },
    });
  }

  const warnings: string[] = [];
  const context: AdminContext = { ...call.context, warn: (message) => warnings.push(message) };
  // Resolvers are synchronous, so execute() answers at once; the emulator never awaits here.
  const result = execute({
    schema: shopifyAdminSchema,
    document,
    rootValue: rootValue(context),
    contextValue: context,
    variableValues: body.variables,
    operationName: body.operationName,
  });
  if (result instanceof Promise)
    throw new Error('The Shopify emulator resolvers must not be async');
  if (warnings.length > 0) violation(label, warnings);
  const errors = result.errors ?? [];
  if (errors.length > 0) {
    // Refusals the resolvers raise on purpose carry a code; anything else is the emulator's fault.
    const coded = errors.filter(
      (e) => e.extensions.code !== undefined || result.data === undefined,
    );
    const faults = errors.filter((e) => !coded.includes(e));
    if (coded.length > 0)
      violation(
        label,
        coded.map((e) => e.message),
      );
    if (faults.length > 0)
      violation(
        label,
        faults.map((e) => e.message),
        'response',
      );
  }
  return json(200, {
    ...(result.data !== undefined ? { data: result.data } : {}),
    ...(errors.length > 0 ? { errors: formatted(errors) } : {}),
    extensions: {
      cost: { requestedQueryCost: cost, actualQueryCost: cost, throttleStatus: taken.status },
    },
  });
}
