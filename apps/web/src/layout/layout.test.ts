import { describe, expect, it } from 'vitest';
import { capsLockOn } from '../features/login/LoginModal/PasswordForm.tsx';
import { isMobileWidth } from '../hooks/useResizeHandler.ts';
import { menuPosition } from './components/TagsView/index.tsx';
import { pageTitle } from './RootShell.tsx';

describe('layout helpers', () => {
  it('titles pages as route title plus product title', () => {
    expect(pageTitle('论文工作台', '首页')).toBe('首页 - 论文工作台');
    expect(pageTitle('论文工作台')).toBe('论文工作台');
  });

  it('switches to mobile below 992 px', () => {
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(false);
    expect(isMobileWidth(1440)).toBe(false);
  });

  it('keeps the 105 px tags menu inside the window', () => {
    expect(menuPosition(100, 50, { width: 1440, height: 900 })).toEqual({ left: 100, top: 50 });
    expect(menuPosition(1430, 50, { width: 1440, height: 900 }).left).toBe(1440 - 105 - 8);
    expect(menuPosition(10, 890, { width: 1440, height: 900 }).top).toBeLessThan(890 - 100);
  });

  it('flags caps lock from the modifier state or an unshifted capital letter', () => {
    const ev = (key: string, shiftKey = false, caps = false) => ({
      key,
      shiftKey,
      getModifierState: () => caps,
    });
    expect(capsLockOn(ev('A'))).toBe(true);
    expect(capsLockOn(ev('A', true))).toBe(false);
    expect(capsLockOn(ev('a', false, true))).toBe(true);
    expect(capsLockOn(ev('a'))).toBe(false);
    expect(capsLockOn(ev('Shift'))).toBe(false);
  });
});
