import { zipSync, type Zippable } from 'fflate';

/** A ZIP of text parts (deflated), as Office files are. */
export function zipOf(parts: Record<string, string | Uint8Array>): Uint8Array {
  const files: Zippable = {};
  for (const [name, content] of Object.entries(parts)) {
    files[name] = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  }
  return zipSync(files, { level: 6 });
}

/**
 * Rewrites the uncompressed size that the central directory (and local header) declare for
 * `name`, as a hostile archive would, leaving the compressed data alone.
 */
export function withDeclaredSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const encodedName = new TextEncoder().encode(name);
  const matchesName = (at: number): boolean =>
    encodedName.every((byte, index) => out[at + index] === byte);
  let patched = 0;
  for (let at = 0; at + 46 <= out.length; at += 1) {
    const signature = view.getUint32(at, true);
    if (signature === 0x02014b50 && matchesName(at + 46)) {
      view.setUint32(at + 24, size, true);
      patched += 1;
    } else if (signature === 0x04034b50 && matchesName(at + 30)) {
      view.setUint32(at + 22, size, true);
      patched += 1;
    }
  }
  if (patched === 0) throw new Error(`no entry ${name}`);
  return out;
}
