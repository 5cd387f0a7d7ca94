import { userUserIdToUserCodeCall, userUserCodeToUserIdCall } from '@waystation/shared/contract/user';
import { call } from './request';

/** GET /api/user/userIdToUserCode: null when no member has that id. */
export const userIdToUserCode = (userId: string) => call(userUserIdToUserCodeCall, { userId });

/** GET /api/user/userCodeToUserId: null when no member has that code. */
export const userCodeToUserId = (userCode: string) => call(userUserCodeToUserIdCall, { userCode });
