/** Records everything the process writes (logs included) so tests can assert secrets never leak. */
export function captureOutput(): { text(): string; restore(): void } {
  const chunks: string[] = [];
  const originals = {
    stdout: process.stdout.write.bind(process.stdout),
    stderr: process.stderr.write.bind(process.stderr),
  };
  const record =
    (write: typeof process.stdout.write) =>
    (chunk: unknown, ...rest: unknown[]): boolean => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString());
      return (write as (c: unknown, ...r: unknown[]) => boolean)(chunk, ...rest);
    };
  process.stdout.write = record(originals.stdout) as typeof process.stdout.write;
  process.stderr.write = record(originals.stderr) as typeof process.stderr.write;
  return {
    text: () => chunks.join(''),
    restore() {
      process.stdout.write = originals.stdout;
      process.stderr.write = originals.stderr;
    },
  };
}
