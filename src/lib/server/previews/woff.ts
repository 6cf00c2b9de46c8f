import { inflateSync } from 'node:zlib';

/**
 * A WOFF 1.0 font (the format the @fontsource packages ship beside WOFF2) as the TrueType/OpenType file it wraps,
 * which resvg reads: each table inflated when it is compressed, laid out again behind an sfnt header. Throws on
 * anything that is not a well-formed WOFF.
 */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const flavor = input.readUInt32BE(4);
  const count = input.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = input.readUInt32BE(at + 4);
    const compressed = input.readUInt32BE(at + 8);
    const length = input.readUInt32BE(at + 12);
    const stored = input.subarray(offset, offset + compressed);
    const data = compressed < length ? inflateSync(stored) : stored;
    if (data.length !== length) throw new Error('a WOFF table does not have its stated length');
    return { tag: input.readUInt32BE(at), checksum: input.readUInt32BE(at + 16), data };
  });
  // The sfnt header's binary-search fields: the largest power of two not above the table count.
  const power = 2 ** Math.floor(Math.log2(Math.max(count, 1)));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    header.writeUInt32BE(table.tag, 12 + i * 16);
    header.writeUInt32BE(table.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(table.data.length, 24 + i * 16);
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  return Buffer.concat(parts);
}
