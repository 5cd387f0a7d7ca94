import { defineMessages } from '../../i18n';

export const useProfileMessages = defineMessages(
  {
    info: '个人资料',
    name: '姓名',
    avatar: '头像地址',
    introduction: '简介',
    roles: '角色',
    password: '修改密码',
    oldPassword: '当前密码',
    newPassword: '新密码',
    confirmPassword: '确认新密码',
    mismatch: '两次输入的密码不一致',
    oldRequired: '请输入当前密码',
    changePassword: '修改密码',
    nameRequired: '请输入姓名',
  },
  {
    info: 'Profile',
    name: 'Name',
    avatar: 'Avatar URL',
    introduction: 'Introduction',
    roles: 'Roles',
    password: 'Change password',
    oldPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    mismatch: 'The two passwords differ',
    oldRequired: 'Please enter the current password',
    changePassword: 'Change password',
    nameRequired: 'Enter your name',
  },
);
