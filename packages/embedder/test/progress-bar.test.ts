import { createProgressBar, type DownloadProgress, formatProgressLine } from '../src';

const MB = 1024 * 1024;

function event(loadedMb: number, totalMb: number, done = false): DownloadProgress {
  return {
    model: 'Xenova/bge-small-en-v1.5',
    file: 'onnx/model.onnx',
    loadedBytes: loadedMb * MB,
    totalBytes: totalMb * MB,
    percent: totalMb > 0 ? (loadedMb / totalMb) * 100 : 0,
    done,
  };
}

describe('download progress bar', () => {
  it('shows file, bar, percentage and megabytes', () => {
    expect(formatProgressLine(event(33.25, 133))).toBe(
      'Downloading Xenova/bge-small-en-v1.5 onnx/model.onnx [######------------------]  25% 33.3/133.0 MB',
    );
    expect(formatProgressLine(event(2, 0))).toContain('[------------------------]   0% 2.0 MB');
    expect(formatProgressLine(event(133, 133, true))).toContain('] 100% 133.0/133.0 MB');
  });

  it('redraws one line in place on a terminal', () => {
    const writes: string[] = [];
    const bar = createProgressBar({ isTTY: true, write: (text: string) => writes.push(text) });
    bar(event(10, 100));
    bar(event(10.1, 100)); // same whole percent: not redrawn
    bar(event(100, 100, true));
    expect(writes).toHaveLength(2);
    expect(writes[0]!.startsWith('\r\u001b[2KDownloading ')).toBe(true);
    expect(writes[0]).toContain(' 10% ');
    expect(writes[1]).toMatch(/100% 100\.0\/100\.0 MB\n$/);
  });

  it('writes a line every 10% when stderr is a log', () => {
    const writes: string[] = [];
    const bar = createProgressBar({ isTTY: false, write: (text: string) => writes.push(text) });
    for (let mb = 0; mb <= 100; mb += 1) bar(event(mb, 100, mb === 100));
    expect(writes).toHaveLength(11);
    expect(writes.every((line) => line.endsWith('\n') && !line.includes('\r'))).toBe(true);
  });
});
