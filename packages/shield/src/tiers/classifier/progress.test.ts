import { describe, expect, it } from 'vitest';
import { renderProgressBar } from './progress.js';

const progress = (receivedBytes: number, totalBytes: number | null) => ({ file: 'model.onnx', fileIndex: 1, fileCount: 2, receivedBytes, totalBytes });

describe('renderProgressBar', () => {
  it('draws the fraction, percentage and sizes in the total’s unit', () => {
    expect(renderProgressBar(progress(310_000_000, 739_000_000), 10)).toBe('[####------]  41% 310/739 MB model.onnx (1/2)');
    expect(renderProgressBar(progress(0, 739_000_000), 10)).toBe('[----------]   0% 0.0/739 MB model.onnx (1/2)');
    expect(renderProgressBar(progress(8_600_000, 8_600_000), 10)).toBe('[##########] 100% 8.6/8.6 MB model.onnx (1/2)');
    expect(renderProgressBar(progress(500, 1_640), 4)).toBe('[#---]  30% 0.5/1.6 kB model.onnx (1/2)');
  });

  it('shows bytes received when the server gives no length', () => {
    expect(renderProgressBar(progress(42_000_000, null))).toBe('[ ? ] 42.0 MB model.onnx (1/2)');
  });

  it('never overflows the bar when more arrives than announced', () => {
    expect(renderProgressBar(progress(2_000, 1_000), 4)).toBe('[####] 100% 2.0/1.0 kB model.onnx (1/2)');
  });
});
