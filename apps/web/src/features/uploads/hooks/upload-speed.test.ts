// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { measureSpeed } from './upload-speed.ts';
import type { ProgressSample } from './upload-speed.ts';

describe('measureSpeed', () => {
  it('says nothing until it has watched the upload for a moment', () => {
    const samples: ProgressSample[] = [];
    measureSpeed(samples, 0, 10_000_000, 0);
    expect(measureSpeed(samples, 500_000, 10_000_000, 300)).toEqual({
      bytesPerSecond: null,
      secondsLeft: null,
    });
  });

  it('tells the speed and the time left from the last seconds', () => {
    const samples: ProgressSample[] = [];
    measureSpeed(samples, 0, 10_000_000, 0);
    measureSpeed(samples, 1_000_000, 10_000_000, 1000);
    expect(measureSpeed(samples, 2_000_000, 10_000_000, 2000)).toEqual({
      bytesPerSecond: 1_000_000,
      secondsLeft: 8,
    });
  });

  it('follows a slower connection instead of averaging over the whole upload', () => {
    const samples: ProgressSample[] = [];
    measureSpeed(samples, 0, 100_000_000, 0);
    measureSpeed(samples, 50_000_000, 100_000_000, 5000);
    measureSpeed(samples, 50_100_000, 100_000_000, 10_000);
    const { bytesPerSecond } = measureSpeed(samples, 50_200_000, 100_000_000, 11_000);
    expect(bytesPerSecond).toBeLessThan(1_000_000);
  });
});
