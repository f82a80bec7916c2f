import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  isSpanContextValid,
  trace,
  type Attributes,
  type Context,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  TracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';

export type { SpanExporter };

/** What kind of work a span stands for, in OpenTelemetry's words. */
export type SpanRole = 'server' | 'client' | 'producer' | 'consumer' | 'internal';

const KINDS: Record<SpanRole, SpanKind> = {
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
  internal: SpanKind.INTERNAL,
};

export interface SpanSpec {
  kind?: SpanRole;
  attributes?: Attributes;
}

/**
 * Traces, as the modules and platform see them (decision 0062): a span around some work, and a
 * trace carried in a job from the process that sent it to the one that works it. With tracing
 * off every call just runs the work.
 */
export interface Tracing {
  readonly enabled: boolean;
  /** Runs `work` in a span, a child of the span it runs in (if any). */
  inSpan<T>(name: string, spec: SpanSpec, work: () => Promise<T>): Promise<T>;
  /** The span running now as a W3C `traceparent`, to carry in a job; null when none records. */
  traceparent(): string | null;
  /** Runs `work` in a span whose parent is the carried `traceparent` (a root span without one). */
  continueFrom<T>(
    traceparent: string | null | undefined,
    name: string,
    spec: SpanSpec,
    work: () => Promise<T>,
  ): Promise<T>;
  /** Sends what is still buffered and stops. */
  close(): Promise<void>;
}

/** Tracing off: the work runs as it is, nothing is made or kept. */
export const NO_TRACING: Tracing = {
  enabled: false,
  inSpan: (_name, _spec, work) => work(),
  traceparent: () => null,
  continueFrom: (_traceparent, _name, _spec, work) => work(),
  close: async () => undefined,
};

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The context a W3C `traceparent` names as the parent, or null when it names none. */
export function parentFromTraceparent(traceparent: string | null | undefined): Context | null {
  const match = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!match) return null;
  const spanContext = {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: parseInt(match[3]!, 16),
    isRemote: true,
  };
  return isSpanContextValid(spanContext) ? trace.setSpanContext(ROOT_CONTEXT, spanContext) : null;
}

/**
 * Spans are passed from caller to callee through async context (AsyncLocalStorage): set once
 * per process, the first time tracing is turned on, and only then, so a process that traces
 * nothing pays nothing for it. The global holds no data of its own; every container keeps its
 * own tracer provider.
 */
function ensureContextManager(): void {
  const manager = new AsyncLocalStorageContextManager().enable();
  if (!context.setGlobalContextManager(manager)) manager.disable();
}

class SdkTracing implements Tracing {
  readonly enabled = true;
  private readonly tracer: Tracer;

  constructor(private readonly provider: TracerProvider) {
    this.tracer = provider.getTracer('listloop');
  }

  inSpan<T>(name: string, spec: SpanSpec, work: () => Promise<T>): Promise<T> {
    return this.run(context.active(), name, spec, work);
  }

  traceparent(): string | null {
    const span = trace.getSpanContext(context.active());
    if (!span || !isSpanContextValid(span)) return null;
    return `00-${span.traceId}-${span.spanId}-${span.traceFlags.toString(16).padStart(2, '0')}`;
  }

  continueFrom<T>(
    traceparent: string | null | undefined,
    name: string,
    spec: SpanSpec,
    work: () => Promise<T>,
  ): Promise<T> {
    return this.run(parentFromTraceparent(traceparent) ?? ROOT_CONTEXT, name, spec, work);
  }

  private run<T>(parent: Context, name: string, spec: SpanSpec, work: () => Promise<T>) {
    const span = this.tracer.startSpan(
      name,
      {
        kind: KINDS[spec.kind ?? 'internal'],
        ...(spec.attributes ? { attributes: spec.attributes } : {}),
      },
      parent,
    );
    return context.with(trace.setSpan(parent, span), async () => {
      try {
        return await work();
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : String(error),
        });
        throw error;
      } finally {
        span.end();
      }
    });
  }

  close(): Promise<void> {
    return this.provider.shutdown();
  }
}

/**
 * Tracing for one container: spans batched to the OTLP/HTTP endpoint (`url`), or handed one by
 * one to `exporter` (the tests' in-memory one); off when given neither.
 */
export function createTracing(options: {
  serviceName: string;
  role: string;
  url?: string | null;
  exporter?: SpanExporter;
}): Tracing {
  const processors = options.exporter
    ? [new SimpleSpanProcessor({ exporter: options.exporter })]
    : options.url
      ? [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: options.url }) })]
      : [];
  if (processors.length === 0) return NO_TRACING;
  ensureContextManager();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.serviceName,
      'listloop.role': options.role,
      'process.pid': process.pid,
    }),
    spanProcessors: processors,
  });
  return new SdkTracing(provider);
}
