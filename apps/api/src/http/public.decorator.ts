import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'docent:public';

/** Routes that need no Api-Key (health, metrics, the contract). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
