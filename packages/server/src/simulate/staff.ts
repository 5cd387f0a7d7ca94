/**
 * The simulator's own staff (npm run simulate), created with the demo data (seed/demo.ts, password demo12345): it logs
 * in as these, so its logins never end the session of a person working as warehouse1 (one live session per account).
 */
export const SIM_STAFF = {
  purchaser: { username: 'sim-purchaser', name: '模拟员甲', roles: ['purchaser'] },
  warehouse: { username: 'sim-warehouse', name: '模拟员乙', roles: ['warehouse'] },
  finance: { username: 'sim-finance', name: '模拟员丙', roles: ['finance'] },
  /**
   * The simulator's super admin. It reads a verifier's code from the code sender's outbox (super admins only), as a person
   * does on a demo server without a mail sender: the verified staff calls against a running server need it. It also
   * gives the one order the simulator leaves unpaid a pay deadline of a minute (order.autoCancelMinutes, restored at once).
   */
  admin: { username: 'sim-outbox', name: '模拟发件箱', roles: ['super_admin'] },
};

/**
 * The demo data's member-site key (seed/demo.ts), published like the demo passwords: `npm run simulate` against a running
 * demo server signs its members in through it, since a password sign-up needs the code mailed to the member.
 */
export const DEMO_SITE_KEY = 'wsk_demo_simulator_key_for_the_demo_data_only';
