import { defineMessages } from '../../i18n';

const zh = {
  roleKey: '角色标识',
  roleName: '角色名称',
  description: '描述',
  grantedRoutes: '授权菜单',
  allRoutes: '全部菜单',
  routeCount: '{count} 个页面',
  adminCount: '账号数',
  builtin: '内置',
  createRole: '新增角色',
  editRole: '编辑角色',
  deleteRoleTitle: '确认删除角色',
  deleteRoleConfirm: '确定删除角色「{name}」吗？此操作不可恢复。',
  roleInUse: '仍有 {count} 个账号使用该角色，无法删除',
  keyword: '关键字',
  hiddenRoute: '隐藏页',
  allRoutesNote: '该角色拥有全部菜单和权限，无需勾选。',
};

export const useRoleMessages = defineMessages<keyof typeof zh>(zh, {
  roleKey: 'Role key',
  roleName: 'Role name',
  description: 'Description',
  grantedRoutes: 'Granted routes',
  allRoutes: 'All routes',
  routeCount: '{count} pages',
  adminCount: 'Accounts',
  builtin: 'Built-in',
  createRole: 'Add role',
  editRole: 'Edit role',
  deleteRoleTitle: 'Delete role',
  deleteRoleConfirm: 'Delete the role "{name}"? This cannot be undone.',
  roleInUse: '{count} accounts still hold this role; it cannot be deleted',
  keyword: 'Keyword',
  hiddenRoute: 'hidden page',
  allRoutesNote: 'This role has every route and permission.',
});
