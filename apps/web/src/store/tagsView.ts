import { create } from 'zustand';

/** A visited page shown as a tag. `title` is an i18n key so tags follow the language switch. */
export interface TagView {
  path: string;
  fullPath: string;
  title: string;
  affix?: boolean;
  /** Keep-alive: the page stays mounted while its tag is open. */
  cache?: boolean;
}

export interface TagsViewState {
  visitedViews: TagView[];
  /** Paths of pages kept alive. */
  cachedViews: string[];
  addView: (view: TagView) => void;
  addVisitedView: (view: TagView) => void;
  addCachedView: (view: TagView) => void;
  delView: (view: TagView) => void;
  delCachedView: (view: TagView) => void;
  delOthersViews: (view: TagView) => void;
  delAllViews: () => void;
  delAllCachedViews: () => void;
  updateVisitedView: (view: TagView) => void;
}

export const useTagsViewStore = create<TagsViewState>()((set, get) => ({
  visitedViews: [],
  cachedViews: [],
  addView: (view) => {
    get().addVisitedView(view);
    get().addCachedView(view);
  },
  addVisitedView: (view) =>
    set((s) =>
      s.visitedViews.some((v) => v.path === view.path) ? s : { visitedViews: [...s.visitedViews, view] },
    ),
  addCachedView: (view) =>
    set((s) =>
      !view.cache || s.cachedViews.includes(view.path) ? s : { cachedViews: [...s.cachedViews, view.path] },
    ),
  delView: (view) =>
    set((s) => ({
      visitedViews: s.visitedViews.filter((v) => v.path !== view.path),
      cachedViews: s.cachedViews.filter((p) => p !== view.path),
    })),
  delCachedView: (view) => set((s) => ({ cachedViews: s.cachedViews.filter((p) => p !== view.path) })),
  delOthersViews: (view) =>
    set((s) => ({
      visitedViews: s.visitedViews.filter((v) => v.affix || v.path === view.path),
      cachedViews: s.cachedViews.filter((p) => p === view.path),
    })),
  delAllViews: () => set((s) => ({ visitedViews: s.visitedViews.filter((v) => v.affix), cachedViews: [] })),
  delAllCachedViews: () => set({ cachedViews: [] }),
  updateVisitedView: (view) =>
    set((s) => ({ visitedViews: s.visitedViews.map((v) => (v.path === view.path ? { ...v, ...view } : v)) })),
}));
