// Reads the Prometheus text a process serves at /api/metrics (docs/production.md, 'What to monitor').

export type MetricSample = { name: string; labels: Record<string, string>; value: number }

export function parseMetrics(text: string): MetricSample[] {
  const samples: MetricSample[] = []
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match) continue
    const labels: Record<string, string> = {}
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!
    samples.push({ name: match[1]!, labels, value: Number(match[3]) })
  }
  return samples
}

export function valueOf(
  samples: MetricSample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value
}

/** One scrape of a process's metrics with its token. */
export async function scrapeMetrics(base: string, token: string): Promise<MetricSample[]> {
  const response = await fetch(`${base}/api/metrics`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(5_000),
  })
  if (response.status !== 200) throw new Error(`metrics answered ${response.status}`)
  return parseMetrics(await response.text())
}
