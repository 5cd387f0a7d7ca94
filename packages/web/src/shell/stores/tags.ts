import { create } from 'zustand';

/** One open tab: a visited page. */
export interface TagView {
  /** The pathname: one tab per page address. */
  path: string;
  /** pathname + search, what the tab reopens. */
  fullPath: string;
  title: string;
  titleEn: string;
  affix: boolean;
  noCache: boolean;
}

const STORAGE_KEY = 'waystation-tags';

function load(): TagView[] {
  try {
    const raw = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? (raw as TagView[]).filter((v) => typeof v?.path === 'string' && typeof v.fullPath === 'string') : [];
  } catch {
    return [];
  }
}

function save(views: TagView[]): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(views));
  } catch {
    /* ignore */
  }
}

interface TagsState {
  visited: TagView[];
  /** Bumped to remount a page (Refresh). */
  nonce: Record<string, number>;
  addView(view: TagView): void;
  /** Removes a tab (affixed ones stay); returns the tabs left. */
  delView(path: string): TagView[];
  delOthers(path: string): void;
  delAll(): TagView[];
  refresh(path: string): void;
  /** Keeps only the tabs whose page still exists (after routes are loaded). */
  retain(keep: (view: TagView) => boolean): void;
  reset(): void;
}

/** The visited-tabs bar. Tabs survive a page reload (sessionStorage, per browser tab). */
export const useTags = create<TagsState>((set, get) => {
  const commit = (visited: TagView[]) => {
    save(visited);
    set({ visited });
    return visited;
  };
  return {
    visited: load(),
    nonce: {},
    addView(view) {
      const visited = get().visited;
      const i = visited.findIndex((v) => v.path === view.path);
      if (i === -1) {
        commit(view.affix ? [...visited.filter((v) => v.affix), view, ...visited.filter((v) => !v.affix)] : [...visited, view]);
      } else if (visited[i].fullPath !== view.fullPath || visited[i].title !== view.title) {
        commit(visited.map((v, j) => (j === i ? { ...v, ...view } : v)));
      }
    },
    delView(path) {
      return commit(get().visited.filter((v) => v.path !== path || v.affix));
    },
    delOthers(path) {
      commit(get().visited.filter((v) => v.affix || v.path === path));
    },
    delAll() {
      return commit(get().visited.filter((v) => v.affix));
    },
    refresh(path) {
      set((s) => ({ nonce: { ...s.nonce, [path]: (s.nonce[path] ?? 0) + 1 } }));
    },
    retain(keep) {
      const visited = get().visited;
      const kept = visited.filter(keep);
      if (kept.length !== visited.length) commit(kept);
    },
    reset() {
      commit([]);
      set({ nonce: {} });
    },
  };
});
