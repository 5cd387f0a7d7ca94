import { AsyncLocalStorage } from 'node:async_hooks';

/** What the service layer may need to know about the API call it runs in (set by `api()` around each handler). */
export interface RequestScope {
  url: string;
  /** A verification ticket was consumed for this call. */
  verified: boolean;
  /** Why this call may credit a balance without a ticket (a member's own money coming back, a payment received). */
  creditsWithoutTicket?: string;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();
