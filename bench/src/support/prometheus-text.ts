import { INGESTION_STAGES, type IngestionStage } from '@docent/ingestion';

export type StageSeconds = Record<IngestionStage, number>;

/** The `_sum` of `docent_ingestion_stage_seconds` per stage, from exposition text (0 if absent). */
export function stageSeconds(text: string): StageSeconds {
  const out = {} as StageSeconds;
  for (const stage of INGESTION_STAGES) {
    const match = new RegExp(
      `^docent_ingestion_stage_seconds_sum\\{stage="${stage}"\\} (\\S+)$`,
      'm',
    ).exec(text);
    out[stage] = match ? Number(match[1]) : 0;
  }
  return out;
}

/** One sample's value (a series without labels), or 0. */
export function sampleValue(text: string, series: string): number {
  const escaped = series.replace(/[{}"=]/g, (c) => `\\${c}`);
  const match = new RegExp(`^${escaped} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

export function addStages(a: StageSeconds, b: StageSeconds): StageSeconds {
  const out = {} as StageSeconds;
  for (const stage of INGESTION_STAGES) out[stage] = (a[stage] ?? 0) + (b[stage] ?? 0);
  return out;
}

export function subtractStages(after: StageSeconds, before: StageSeconds): StageSeconds {
  const out = {} as StageSeconds;
  for (const stage of INGESTION_STAGES) out[stage] = after[stage] - before[stage];
  return out;
}

/** Scrapes a `/metrics` endpoint. */
export async function scrapeMetrics(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}
