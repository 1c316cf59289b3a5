import type { ExtractiveAnswererOptions } from '@docent/answerers';
import type { DocentConfig } from './config';

/**
 * The extractive answerer's "not found" thresholds as configured (the embedding model's
 * calibration, or `DOCENT_NOT_FOUND_THRESHOLD`): for the runtime and for benches that build
 * their own answerers.
 */
export function extractiveThresholds(
  config: Pick<DocentConfig, 'notFoundThreshold' | 'askedWordSimilarity'>,
): Pick<ExtractiveAnswererOptions, 'minEvidence' | 'askedWordSimilarity'> {
  return {
    minEvidence: config.notFoundThreshold,
    ...(config.askedWordSimilarity !== undefined && {
      askedWordSimilarity: config.askedWordSimilarity,
    }),
  };
}
