import { askedSettingProperty, statesSettingProperty } from '../src/stated-setting';
import { stemTerm } from '../src/term-stem';

const stems = (...words: string[]) => new Set(words.map(stemTerm));

describe('askedSettingProperty', () => {
  it('reads the default, minimum or maximum a question asks for', () => {
    expect(askedSettingProperty(stems('default', 'value', 'gc.auto'))).toBe('default');
    expect(askedSettingProperty(stems('loose', 'objects', 'defaults'))).toBe('default');
    expect(askedSettingProperty(stems('minimum', 'length'))).toBe('minimum');
    expect(askedSettingProperty(stems('maximum', 'value'))).toBe('maximum');
    expect(askedSettingProperty(stems('port', 'billing'))).toBeUndefined();
  });
});

describe('statesSettingProperty', () => {
  it.each([
    'The default value is 6700.',
    'Defaults to 10.',
    'Default is "openpgp".',
    'If not set, the default value is currently 1000.',
    'Generate diffs with <n> lines of context instead of the default of 3.',
    'The default is 512 kilobytes (512kB).',
    'It defaults to 64 megabytes (64MB).',
    'The default setting of -1 selects a size equal to 1/32nd of shared_buffers.',
    'The default, 64, has historically proven sufficient.',
    'A value of zero (the default) disables the timeout.',
    'The TCP port the server listens on; 5432 by default.',
    'Possible values are "merge" (default), "diff3", and "zdiff3".',
    'By default, unresolved conflicts older than 15 days are pruned.',
    'Default: 6700.',
    'Packs at most this many objects (default: 10).',
    'If unset, 6700 is the default.',
    'Defaulting to 10 keeps the window small.',
    'width (default 80) specifies the desired maximum number of characters per line.',
  ])('a default stated: %s', (sentence) => {
    expect(statesSettingProperty(sentence, 'default')).toBe(true);
  });

  it.each([
    'Setting this to 0 disables automatic packing.',
    'The defaults file lives in /etc.',
    'The default is used when no value is set.',
    '(Non-default values of BLCKSZ change the minimum value.)',
    'Sets the default statistics target for table columns.',
    'Changing the default value of this parameter requires a restart.',
    'The default is only used when nothing else is set.',
    'The default is not applied to replicas.',
    '(If BLCKSZ is not 8kB, the default value scales proportionally to it.)',
  ])('no default stated: %s', (sentence) => {
    expect(statesSettingProperty(sentence, 'default')).toBe(false);
  });

  it('reads minimums and maximums the same way, each on its own', () => {
    expect(statesSettingProperty('The minimum length is 4.', 'minimum')).toBe(true);
    expect(statesSettingProperty('Maximum value is 4095.', 'maximum')).toBe(true);
    expect(statesSettingProperty('Maximum value is 4095.', 'minimum')).toBe(false);
    expect(statesSettingProperty('The maximum is reached quickly.', 'maximum')).toBe(false);
    expect(
      statesSettingProperty('Sets the maximum number of concurrent connections.', 'maximum'),
    ).toBe(false);
    expect(statesSettingProperty('The maximum slot count is 64.', 'maximum')).toBe(true);
  });
});
