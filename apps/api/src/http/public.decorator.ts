import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'docent:public';

/** Routes that need no Api-Key (health, metrics, the contract). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const CSRF_EXEMPT = 'docent:csrf-exempt';

/**
 * Session routes that change nothing and hand out the CSRF token (`/account/me`): a new tab
 * has the cookie but not yet the token. Another site can neither read the answer nor, with
 * `SameSite=Lax`, send the cookie on a cross-site POST.
 */
export const CsrfExempt = () => SetMetadata(CSRF_EXEMPT, true);
