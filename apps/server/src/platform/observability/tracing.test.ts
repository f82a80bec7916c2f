import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { NO_TRACING, createTracing, parentFromTraceparent } from './tracing';

describe('tracing', () => {
  it('is off without an endpoint or exporter: the work just runs', async () => {
    const tracing = createTracing({ serviceName: 'listloop', role: 'all' });
    expect(tracing).toBe(NO_TRACING);
    expect(await tracing.inSpan('x', {}, async () => 42)).toBe(42);
    expect(tracing.traceparent()).toBeNull();
    expect(await tracing.continueFrom('00-bad', 'y', {}, async () => 'ok')).toBe('ok');
  });

  it('nests spans, and a carried traceparent continues the trace elsewhere', async () => {
    const exporter = new InMemorySpanExporter();
    const sender = createTracing({ serviceName: 'listloop', role: 'api', exporter });
    const worker = createTracing({ serviceName: 'listloop', role: 'worker', exporter });
    let carried: string | null = null;
    await sender.inSpan('webhook shopify', { kind: 'server' }, async () => {
      await sender.inSpan('sale', {}, async () => {
        carried = sender.traceparent();
      });
    });
    expect(carried).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(sender.traceparent()).toBeNull();
    await worker.continueFrom(carried, 'job listings.execute', { kind: 'consumer' }, async () => {
      await worker.inSpan(
        'ebay delist',
        { kind: 'client', attributes: { 'listloop.marketplace': 'ebay' } },
        async () => undefined,
      );
    });

    const spans = exporter.getFinishedSpans();
    const byName = new Map(spans.map((span) => [span.name, span]));
    expect([...byName.keys()].sort()).toEqual([
      'ebay delist',
      'job listings.execute',
      'sale',
      'webhook shopify',
    ]);
    const traceIds = new Set(spans.map((span) => span.spanContext().traceId));
    expect(traceIds.size).toBe(1);
    const parentOf = (name: string) => byName.get(name)!.parentSpanContext?.spanId;
    const idOf = (name: string) => byName.get(name)!.spanContext().spanId;
    expect(parentOf('webhook shopify')).toBeUndefined();
    expect(parentOf('sale')).toBe(idOf('webhook shopify'));
    expect(parentOf('job listings.execute')).toBe(idOf('sale'));
    expect(parentOf('ebay delist')).toBe(idOf('job listings.execute'));
    expect(byName.get('webhook shopify')!.kind).toBe(SpanKind.SERVER);
    expect(byName.get('ebay delist')!.attributes['listloop.marketplace']).toBe('ebay');
    await sender.close();
    await worker.close();
  });

  it('marks a span that failed, and passes the error on', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = createTracing({ serviceName: 'listloop', role: 'all', exporter });
    await expect(
      tracing.inSpan('ebay delist', {}, async () => {
        throw new Error('eBay said no');
      }),
    ).rejects.toThrow('eBay said no');
    const [span] = exporter.getFinishedSpans();
    expect(span!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'eBay said no' });
    expect(span!.events.map((event) => event.name)).toEqual(['exception']);
    await tracing.close();
  });

  it('reads only well-formed traceparents', () => {
    expect(parentFromTraceparent(null)).toBeNull();
    expect(
      parentFromTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331'),
    ).toBeNull();
    expect(
      parentFromTraceparent('00-00000000000000000000000000000000-b7ad6b7169203331-01'),
    ).toBeNull();
    expect(
      parentFromTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'),
    ).not.toBeNull();
  });

  it('sends the spans over OTLP/HTTP to the configured endpoint when it closes', async () => {
    const received: { path: string; type: string; body: string }[] = [];
    const collector = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({
          path: request.url ?? '',
          type: String(request.headers['content-type']),
          body,
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = collector.address() as AddressInfo;
      const tracing = createTracing({
        serviceName: 'listloop-test',
        role: 'worker',
        url: `http://127.0.0.1:${port}/v1/traces`,
      });
      expect(tracing.enabled).toBe(true);
      await tracing.inSpan('ebay delist', { kind: 'client' }, async () => undefined);
      await tracing.close();
      expect(received).toHaveLength(1);
      expect(received[0]!.path).toBe('/v1/traces');
      expect(received[0]!.body).toContain('ebay delist');
      expect(received[0]!.body).toContain('listloop-test');
    } finally {
      await new Promise((resolve) => collector.close(resolve));
    }
  });
});
