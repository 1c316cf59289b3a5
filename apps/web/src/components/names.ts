/** The API's rule for namespace and collection names. */
export const NAME_REGEX = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function isValidName(name: string): boolean {
  return NAME_REGEX.test(name);
}
