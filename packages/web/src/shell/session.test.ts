import { describe, expect, it, vi } from 'vitest';

vi.mock('../api/admin', () => ({ AdminInfo: { safeParse: (v: unknown) => ({ success: true, data: v }) }, getInfo: vi.fn(), logout: vi.fn() }));
vi.mock('../api/role', () => ({ getEnableRoutes: vi.fn() }));
vi.mock('../api/token', () => ({ forgetSession: vi.fn() }));
vi.mock('../api/queryClient', () => ({ queryClient: { clear: vi.fn() } }));
vi.mock('./stores/tags', () => ({ useTags: { getState: () => ({ reset: vi.fn() }) } }));
vi.mock('./errorLog/store', () => ({ addErrorLog: vi.fn() }));

const { afterLoginTarget, checkInfo, loginUrl, INFO_MISSING, ROLES_EMPTY } = await import('./session');

describe('guard helpers (SPEC §2/§8)', () => {
  it('login URL keeps the path as redirect and the original query beside it', () => {
    expect(loginUrl('/systemManage/adminUser', '?status=activity&page=2')).toBe('/login?redirect=/systemManage/adminUser&status=activity&page=2');
    expect(loginUrl('/dashboard', '')).toBe('/login?redirect=/dashboard');
  });

  it('after login goes to the redirect with the other params, never off-site', () => {
    expect(afterLoginTarget('?redirect=/systemManage/adminUser&status=activity')).toBe('/systemManage/adminUser?status=activity');
    expect(afterLoginTarget('')).toBe('/dashboard');
    expect(afterLoginTarget('?redirect=/')).toBe('/dashboard');
    expect(afterLoginTarget('?redirect=//evil.example.com')).toBe('/dashboard');
    expect(afterLoginTarget('?redirect=https://evil.example.com')).toBe('/dashboard');
    expect(afterLoginTarget('?redirect=/login')).toBe('/dashboard');
  });

  it('user info checks give the SPEC messages', () => {
    expect(() => checkInfo(null)).toThrow(INFO_MISSING);
    expect(() => checkInfo({ roles: [] })).toThrow(ROLES_EMPTY);
    expect(() => checkInfo({ name: 'x' })).toThrow(ROLES_EMPTY);
    expect(checkInfo({ roles: ['super_admin'], name: 'x' }).roles).toEqual(['super_admin']);
    expect(INFO_MISSING).toBe('Verification failed, please Login again.');
    expect(ROLES_EMPTY).toBe('getInfo: roles must be a non-null array!');
  });
});
