import { describe, expect, it } from 'vitest';
import { NAVIGATION_ICONS } from '../../engine/navigation/icon-names.ts';
import { ICON_NAMES } from './icons.tsx';

describe('navigation icons', () => {
  it('the renderer registers exactly the names check:metadata accepts', () => {
    expect([...ICON_NAMES].sort()).toEqual([...NAVIGATION_ICONS].sort());
  });
});
