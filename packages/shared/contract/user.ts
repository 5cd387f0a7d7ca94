import { z } from 'zod';
import { defineCall } from './call';

/** GET /api/user/userIdToUserCode: data is the code string, or null when no member has that id. */
export const UserIdToCodeQuery = z.strictObject({ userId: z.string().trim().min(1, '请输入').max(20) });
export const UserIdToCodeResult = z.string().nullable();
/** GET /api/user/userCodeToUserId: data is the id, or null when no member has that code. */
export const UserCodeToIdQuery = z.strictObject({ userCode: z.string().trim().min(1, '请输入').max(32) });
export const UserCodeToIdResult = z.number().int().nullable();

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const userUserIdToUserCodeCall = defineCall({ method: 'GET', url: '/api/user/userIdToUserCode', query: UserIdToCodeQuery, data: UserIdToCodeResult });
export const userUserCodeToUserIdCall = defineCall({ method: 'GET', url: '/api/user/userCodeToUserId', query: UserCodeToIdQuery, data: UserCodeToIdResult });
