import { UserCodeToIdResult, UserIdToCodeResult } from '@waystation/shared/contract/user';
import { request } from './request';

/** GET /api/user/userIdToUserCode: null when no member has that id. */
export const userIdToUserCode = (userId: string) => request('/api/user/userIdToUserCode', { params: { userId }, schema: UserIdToCodeResult });

/** GET /api/user/userCodeToUserId: null when no member has that code. */
export const userCodeToUserId = (userCode: string) => request('/api/user/userCodeToUserId', { params: { userCode }, schema: UserCodeToIdResult });
