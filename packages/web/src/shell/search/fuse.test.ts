import { describe, expect, it } from 'vitest';
import { createRouteSearch, FUSE_OPTIONS } from './fuse';

describe('route search (SPEC §9)', () => {
  it('uses threshold 0.4, title weight 0.7, path weight 0.3', () => {
    expect(FUSE_OPTIONS.threshold).toBe(0.4);
    expect(FUSE_OPTIONS.keys).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ]);
  });

  it('matches titles and paths fuzzily', () => {
    const search = createRouteSearch([
      { path: '/systemManage/adminUser', title: ['系统管理', '管理员账号'] },
      { path: '/systemManage/role', title: ['系统管理', '角色管理'] },
      { path: '/systemManage/audit', title: ['系统管理', '审计日志'] },
    ]);
    expect(search('角色')[0].path).toBe('/systemManage/role');
    expect(search('admnUser')[0].path).toBe('/systemManage/adminUser');
    expect(search('zzzzzz')).toEqual([]);
  });
});
