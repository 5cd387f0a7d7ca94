import { CATALOGUE } from '@waystation/shared/menu/catalogue';

/** The member-terminal text pages of the catalogue (SPEC §2), with their titles in both languages. */
export const VIP_TERMINAL_PAGES: { key: string; title: { zh: string; en: string }; path: string }[] = (
  CATALOGUE.find((r) => r.path === '/systemManage')?.children ?? []
)
  .filter((r) => r.component === 'system/TipsConfig')
  .map((r) => ({ key: r.path.split('/').pop() as string, title: r.title, path: `/systemManage/${r.path}` }));
