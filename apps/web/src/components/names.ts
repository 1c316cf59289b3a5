/**
 * The API's rule for namespace and collection names, as an input's `pattern` (whose `v`-flag
 * syntax needs the '-' in the class escaped; a plain RegExp accepts the escape too).
 */
export const NAME_PATTERN = '[A-Za-z0-9][A-Za-z0-9_.\\-]{0,63}';

const NAME_REGEX = new RegExp(`^${NAME_PATTERN}$`);

export function isValidName(name: string): boolean {
  return NAME_REGEX.test(name);
}
