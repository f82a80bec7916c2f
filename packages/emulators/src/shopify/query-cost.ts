import {
  Kind,
  getNamedType,
  isCompositeType,
  isObjectType,
  isInterfaceType,
  type ArgumentNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Clock } from '../core/clock';

/**
 * Shopify's cost-based rate limit for the Admin GraphQL API: each request has a calculated
 * cost, each app-and-shop pair a bucket of points that refills at a steady rate, and a request
 * costing more than what is left is answered THROTTLED. The figures are configuration: the
 * defaults are those of a standard plan (◐ shopify.dev "API rate limits" and the throttle
 * status its examples show: a 2,000-point bucket that refills at 100 a second; a single query
 * may cost at most 1,000).
 */
export interface ThrottleSettings {
  maximumAvailable: number;
  restoreRate: number;
  maxSingleQueryCost: number;
}

export const DEFAULT_THROTTLE: ThrottleSettings = {
  maximumAvailable: 2000,
  restoreRate: 100,
  maxSingleQueryCost: 1000,
};

/**
 * Shopify's published cost rules, simplified: scalars and page info 0, objects 1, mutations 10,
 * a connection 2 + first × the cost of one node.
 */
const OBJECT_COST = 1;
const MUTATION_COST = 10;
const CONNECTION_BASE_COST = 2;

function firstOf(
  args: readonly ArgumentNode[] | undefined,
  variables: Record<string, unknown>,
): number {
  const arg = args?.find((a) => a.name.value === 'first');
  if (!arg) return 0;
  if (arg.value.kind === Kind.VARIABLE) {
    const value = variables[arg.value.name.value];
    return typeof value === 'number' ? value : 0;
  }
  return arg.value.kind === Kind.INT ? Number(arg.value.value) : 0;
}

function fieldType(parent: GraphQLCompositeType, name: string): GraphQLCompositeType | null {
  if (!isObjectType(parent) && !isInterfaceType(parent)) return null;
  const field = parent.getFields()[name];
  if (!field) return null;
  const type = getNamedType(field.type);
  return isCompositeType(type) ? type : null;
}

/** What one node of a connection costs, from its `nodes { … }` or `edges { node { … } }`. */
function connectionNodeCost(
  schema: GraphQLSchema,
  selectionSet: SelectionSetNode | undefined,
  connection: GraphQLCompositeType,
  fragments: Map<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): number {
  let perNode = 0;
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind !== Kind.FIELD) continue;
    if (selection.name.value === 'nodes') {
      const nodeType = fieldType(connection, 'nodes');
      if (nodeType) {
        const cost =
          OBJECT_COST +
          selectionCost(schema, selection.selectionSet, nodeType, fragments, variables);
        perNode = Math.max(perNode, cost);
      }
    } else if (selection.name.value === 'edges') {
      const edgeType = fieldType(connection, 'edges');
      if (edgeType) {
        // The edge is free; its node (and anything else on the edge) is counted.
        perNode = Math.max(
          perNode,
          selectionCost(schema, selection.selectionSet, edgeType, fragments, variables),
        );
      }
    }
  }
  return perNode;
}

function selectionCost(
  schema: GraphQLSchema,
  selectionSet: SelectionSetNode | undefined,
  parent: GraphQLCompositeType,
  fragments: Map<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): number {
  if (!selectionSet) return 0;
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT || selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment =
        selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value) : selection;
      if (!fragment) continue;
      const typeName = fragment.typeCondition?.name.value;
      const type = typeName ? schema.getType(typeName) : parent;
      if (type && isCompositeType(type)) {
        cost += selectionCost(schema, fragment.selectionSet, type, fragments, variables);
      }
      continue;
    }
    if (selection.name.value === '__typename') continue;
    const type = fieldType(parent, selection.name.value);
    if (!type) continue;
    if (type.name.endsWith('Connection')) {
      const perNode = connectionNodeCost(
        schema,
        selection.selectionSet,
        type,
        fragments,
        variables,
      );
      cost += CONNECTION_BASE_COST + firstOf(selection.arguments, variables) * perNode;
    } else if (type.name === 'PageInfo') {
      continue;
    } else {
      cost +=
        OBJECT_COST + selectionCost(schema, selection.selectionSet, type, fragments, variables);
    }
  }
  return cost;
}

/** The requested cost of one operation, as Shopify calculates it before running it. */
export function requestedQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  if (operation.operation === 'mutation') {
    return operation.selectionSet.selections.length * MUTATION_COST;
  }
  const root = schema.getQueryType()!;
  return Math.max(1, selectionCost(schema, operation.selectionSet, root, fragments, variables));
}

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/** One leaky bucket per app installation (shop and app). */
export class CostBuckets {
  private readonly buckets = new Map<string, { available: number; at: number }>();

  constructor(
    private readonly settings: ThrottleSettings,
    private readonly clock: Clock,
  ) {}

  private current(key: string): { available: number; at: number } {
    const now = this.clock.now();
    const bucket = this.buckets.get(key) ?? { available: this.settings.maximumAvailable, at: now };
    const restored = ((now - bucket.at) / 1000) * this.settings.restoreRate;
    bucket.available = Math.min(this.settings.maximumAvailable, bucket.available + restored);
    bucket.at = now;
    this.buckets.set(key, bucket);
    return bucket;
  }

  /** Takes `cost` points when there are enough; answers the status either way. */
  take(key: string, cost: number): { allowed: boolean; status: ThrottleStatus } {
    const bucket = this.current(key);
    const allowed = cost <= bucket.available;
    if (allowed) bucket.available -= cost;
    return { allowed, status: this.status(bucket.available) };
  }

  /** Sets what is left (the control surface drains a bucket to provoke THROTTLED). */
  setAvailable(key: string, available: number): void {
    this.buckets.set(key, {
      available: Math.max(0, Math.min(this.settings.maximumAvailable, available)),
      at: this.clock.now(),
    });
  }

  get maxSingleQueryCost(): number {
    return this.settings.maxSingleQueryCost;
  }

  status(available: number): ThrottleStatus {
    return {
      maximumAvailable: this.settings.maximumAvailable,
      currentlyAvailable: Math.floor(available),
      restoreRate: this.settings.restoreRate,
    };
  }
}
