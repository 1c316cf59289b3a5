import {
  assertVector,
  dotWithBlob,
  encodeVector,
  normalised,
} from '../../src/vectors/vector-codec';

describe('vector codec', () => {
  it('validates length and finiteness', () => {
    expect(() => assertVector(new Float32Array(3), 3, 'v')).not.toThrow();
    expect(() => assertVector(new Float32Array(2), 3, 'v')).toThrow(
      'v: vector has 2 dimensions, expected 3',
    );
    expect(() => assertVector(new Float32Array([0, Infinity, 0]), 3, 'v')).toThrow(/finite/);
    expect(() => assertVector([0, 0, 0] as unknown as Float32Array, 3, 'v')).toThrow(
      /Float32Array/,
    );
  });

  it('normalises to unit length without touching the input', () => {
    const input = new Float32Array([3, 4]);
    expect(Array.from(normalised(input))).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    expect(Array.from(input)).toEqual([3, 4]);
    expect(Array.from(normalised(new Float32Array(2)))).toEqual([0, 0]);
  });

  it('round-trips through a little-endian BLOB', () => {
    const vector = new Float32Array([0.5, -0.25, 1e-3]);
    const blob = Buffer.from(encodeVector(vector)); // a copy, as SQLite hands it back
    expect(blob.readFloatLE(4)).toBe(-0.25);
    expect(dotWithBlob(new Float32Array([2, 4, 0]), blob)).toBeCloseTo(0, 6);
    expect(dotWithBlob(new Float32Array([1, 1]), blob)).toBeNaN();
  });
});
