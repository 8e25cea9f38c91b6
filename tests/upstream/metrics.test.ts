import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';

/** The upstream's `/metrics` (Prometheus text), as the gateway's: requests by method, route template and status, and their time. */
describe.each(backends())('upstream /metrics (%s)', (backend) => {
  let upstream: RunningUpstream;

  beforeAll(async () => {
    upstream = await startUpstream({ backend, unusedUploadsSweep: false });
  }, 60_000);
  afterAll(async () => upstream?.stop());

  const scrape = async () => {
    const response = await fetch(`${upstream.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('counts and times requests by method, route template and status; unknown paths share one label', async () => {
    const { results } = (await (await fetch(`${upstream.url}/v1/community/?page_size=3`)).json()) as { results: { id: number }[] };
    for (const { id } of results) expect((await fetch(`${upstream.url}/v1/community/${id}/`)).status).toBe(200);
    expect((await fetch(`${upstream.url}/v1/community/999999/`)).status).toBe(404);
    for (const path of ['/no/such/path', '/another/one']) expect((await fetch(upstream.url + path)).status).toBe(404);
    expect((await fetch(`${upstream.url}/v1/user/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).status).toBe(400);

    const text = await scrape();
    expect(sample(text, 'upstream_http_requests_total{method="GET",route="/v1/community/",status="200"}')).toBe(1);
    expect(sample(text, 'upstream_http_requests_total{method="GET",route="/v1/community/:id/",status="200"}')).toBe(3);
    expect(sample(text, 'upstream_http_requests_total{method="GET",route="/v1/community/:id/",status="404"}')).toBe(1);
    expect(sample(text, 'upstream_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
    expect(sample(text, 'upstream_http_requests_total{method="POST",route="/v1/user/login/",status="400"}')).toBe(1);
    expect(sample(text, 'upstream_http_request_duration_seconds_count{method="GET",route="/v1/community/:id/"}')).toBe(4);
    expect(sample(text, 'upstream_http_request_duration_seconds_bucket{le="10",method="GET",route="/v1/community/:id/"}')).toBe(4);
    // No raw path becomes a label, and scrapes do not count themselves.
    expect(text).not.toContain('/no/such/path');
    expect(text).not.toContain('route="/metrics"');
    // The process's own metrics, as the gateway has them.
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it.runIf(backend === 'postgres')("reports the PostgreSQL pool's connections", async () => {
    const text = await scrape();
    expect(sample(text, 'upstream_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(sample(text, 'upstream_db_pool_connections{state="waiting"}')).toBe(0);
  });

  it.runIf(backend === 'pglite')('has no pool metric on the embedded store', async () => {
    expect(await scrape()).not.toContain('upstream_db_pool_connections');
  });
});
