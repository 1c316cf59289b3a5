import { stemTerm } from './term-stem';

/**
 * The property of a setting a question asks for: its default, its minimum or its maximum ("What
 * is the default value of gc.auto?", "How many … by default?", "the minimum length of…").
 */
export type SettingProperty = 'default' | 'minimum' | 'maximum';

const PROPERTIES: ReadonlyArray<[SettingProperty, string]> = (
  ['default', 'minimum', 'maximum'] as const
).map((p) => [p, stemTerm(p)]);

/** The setting property the question asks for, by its stems, if one. */
export function askedSettingProperty(
  questionStems: ReadonlySet<string>,
): SettingProperty | undefined {
  return PROPERTIES.find(([, stem]) => questionStems.has(stem))?.[0];
}

/**
 * Sentences that state a property's value: "The default value is 6700.", "Defaults to 10.",
 * "Default is "openpgp".", "Default: 6700.", "If not set, the default value is currently 1000.",
 * "instead of the default of 3", "The default setting of -1 selects…", "The default, 64, has…",
 * "A value of zero (the default) disables the timeout.", "width (default 80) specifies…",
 * "5432 by default", "If unset, 6700 is the default.", "The minimum length is 4.", "Maximum
 * value is 4095." — the property word, at most two words, then what links it to a value; or the
 * value marked as the default. Not "the default is used when…" or "is not…" (no value), "the
 * maximum number of connections" or "changing the default value of this parameter" ("of" before
 * no value), nor "Non-default values…".
 */
const VALUE = String.raw`(?:[\d"'“‘(+-]|(?:true|false|on|off|none|zero|one|two|three|four|five|six|seven|eight|nine|ten)\b)`;
const NO_VALUE = String.raw`(?:\w+ed|not|only|also|that|when|if|because)\b`;
const LINKED = String.raw`(?:\s+(?!(?:is|are|was|not)\b)[\w-]+){0,2}?(?:\s+(?:is|are|to|was|will be|=)\s+(?!${NO_VALUE})\S|\s+of\s+${VALUE}|:\s*\S)`;
const STATES: Record<SettingProperty, RegExp> = {
  default: new RegExp(
    String.raw`(?<!-)\bdefault(?:s|ing)?${LINKED}|\bthe default,\s+\S|\((?:the |which is the )?default\)|\(default:?\s+[^\s)]|\bis the default\b|\bby default\b`,
    'i',
  ),
  minimum: new RegExp(String.raw`\bminimum${LINKED}`, 'i'),
  maximum: new RegExp(String.raw`\bmaximum${LINKED}`, 'i'),
};

/** Whether a sentence states the value of the property ("The default is 512 MiB."). */
export function statesSettingProperty(sentence: string, property: SettingProperty): boolean {
  return STATES[property].test(sentence);
}
