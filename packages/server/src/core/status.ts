/**
 * The one spelling of the account and switch questions (SPEC §4 AccountStatus, and every 启用/停用 column that uses its
 * `activity`): modules ask these instead of comparing status strings.
 */
interface HasStatus {
  status: string;
}

/** Whether a row (an account, a channel, a coupon, an activity …) is switched on; a missing row is not. */
export const isActive = <R extends HasStatus>(row: R | null | undefined): row is R & { status: 'activity' } => row?.status === 'activity';

/** Whether an account is deleted: final, nothing changes it any more. */
export const isDeleted = (row: HasStatus): boolean => row.status === 'deleted';

/** A SPEC §4 YesNo flag ('1' / '0') as a boolean. */
export const isYes = (flag: string | null | undefined): boolean => flag === '1';
