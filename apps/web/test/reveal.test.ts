import { describe, expect, it } from 'vitest';
import { scrollToReveal } from '../src/ask/reveal';

// A viewport of 860 px whose bottom 200 px the pinned composer covers.
const visible = { top: 0, bottom: 660 };

describe('revealing the latest exchange above the composer', () => {
  it('leaves an exchange already in view where it is', () => {
    expect(scrollToReveal({ top: 100, bottom: 400 }, visible)).toBe(0);
  });

  it('scrolls an exchange hidden under the composer up until its bottom clears it', () => {
    expect(scrollToReveal({ top: 500, bottom: 800 }, visible)).toBe(800 - 652);
  });

  it('aligns the top of an exchange taller than the room, so the answer shows first', () => {
    expect(scrollToReveal({ top: 500, bottom: 1500 }, visible)).toBe(492);
    expect(scrollToReveal({ top: -300, bottom: 200 }, visible)).toBe(-308);
  });
});
