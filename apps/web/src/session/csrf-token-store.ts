const KEY = 'docent.csrf';

/**
 * The session's CSRF token, kept for this tab so that a reload or the trip through an OAuth
 * provider does not lose it (the session cookie itself is HttpOnly and never readable here).
 */
export const csrfTokenStore = {
  read(): string | null {
    try {
      return window.sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  write(token: string | null): void {
    try {
      if (token === null) window.sessionStorage.removeItem(KEY);
      else window.sessionStorage.setItem(KEY, token);
    } catch {
      // Storage disabled: the token lives in memory only; /account/me gives it back.
    }
  },
};
