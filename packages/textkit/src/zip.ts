import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { TextkitError } from './errors.ts';
import { inflateBound, type ReadLimits } from './limits.ts';

/**
 * Just enough of the zip format to open a .docx defensively: the central directory is read first (no data is
 * touched), entries are inflated one by one with a hard output bound, and a plain stored zip can be written back.
 */

export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** As declared by the directory: may lie, so inflation is bounded independently of it. */
  declaredSize: number;
  localHeaderOffset: number;
  /** General-purpose flags, CRC-32 and where the entry's central directory record sits (to copy it as is). */
  flags: number;
  crc32: number;
  centralOffset: number;
  centralLength: number;
}

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

const unreadable = (cause?: unknown) => new TextkitError('UNREADABLE_FILE', cause ? { cause } : undefined);

function findEndOfDirectory(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIG) return i;
  }
  return -1;
}

/** The central directory, or UNREADABLE_FILE when `buf` is not a (non-Zip64) zip. */
export function readZipDirectory(buf: Buffer, maxEntries: number): ZipEntry[] {
  const eocd = buf.length >= 22 ? findEndOfDirectory(buf) : -1;
  if (eocd < 0) throw unreadable();
  const count = buf.readUInt16LE(eocd + 10);
  const dirSize = buf.readUInt32LE(eocd + 12);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  // Word never writes Zip64 (only archives over 4 GB need it); anything else claiming it is not a document
  if (count === 0xffff || dirOffset === ZIP64_MARK || dirSize === ZIP64_MARK) throw unreadable();
  if (count > maxEntries) throw new TextkitError('INFLATED_TOO_LARGE');
  if (dirOffset + dirSize > eocd) throw unreadable();
  const entries: ZipEntry[] = [];
  let p = dirOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CEN_SIG) throw unreadable();
    const flags = buf.readUInt16LE(p + 8);
    const nameLen = buf.readUInt16LE(p + 28);
    const next = p + 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    if (next > eocd) throw unreadable();
    entries.push({
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
      method: buf.readUInt16LE(p + 10),
      encrypted: (flags & 1) === 1,
      compressedSize: buf.readUInt32LE(p + 20),
      declaredSize: buf.readUInt32LE(p + 24),
      localHeaderOffset: buf.readUInt32LE(p + 42),
      flags,
      crc32: buf.readUInt32LE(p + 16),
      centralOffset: p,
      centralLength: next - p,
    });
    p = next;
  }
  return entries;
}

function isTooLarge(e: unknown): boolean {
  return e instanceof RangeError && (e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
}

/**
 * Inflate one entry, never producing more than `maxBytes` (nor more than the entry and ratio caps allow):
 * INFLATED_TOO_LARGE past the bound, UNREADABLE_FILE on corrupt data or a size that differs from the directory's.
 */
export function inflateEntry(buf: Buffer, entry: ZipEntry, limits: ReadLimits, maxBytes: number): Buffer {
  if (entry.encrypted) throw unreadable();
  const loc = entry.localHeaderOffset;
  if (loc + 30 > buf.length || buf.readUInt32LE(loc) !== LOC_SIG) throw unreadable();
  const start = loc + 30 + buf.readUInt16LE(loc + 26) + buf.readUInt16LE(loc + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) throw unreadable();
  const data = buf.subarray(start, end);
  const bound = Math.min(maxBytes, inflateBound(entry.compressedSize, limits));
  let out: Buffer;
  if (entry.method === 0) {
    out = data;
  } else if (entry.method === 8) {
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(1, bound) });
    } catch (cause) {
      if (isTooLarge(cause)) throw new TextkitError('INFLATED_TOO_LARGE', { cause });
      throw unreadable(cause);
    }
  } else {
    throw unreadable();
  }
  if (out.length > bound) throw new TextkitError('INFLATED_TOO_LARGE');
  if (out.length !== entry.declaredSize) throw unreadable();
  return out;
}

/** An entry to write: its bytes as stored and what its headers say about them. */
export interface ZipRecord {
  name: string;
  /** The bytes as stored: deflated when `method` is 8. */
  payload: Buffer;
  method: number;
  crc: number;
  /** Inflated size written in the headers (the fuzz bombs make it lie). */
  size: number;
  /** General-purpose flags (0x0800: the name is UTF-8). */
  flags: number;
}

/** A record's local header (30 bytes, modification time zero); its name follows it. */
function localHeader(r: ZipRecord, nameLength: number): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(LOC_SIG, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(r.flags, 6);
  local.writeUInt16LE(r.method, 8);
  local.writeUInt32LE(r.crc, 14);
  local.writeUInt32LE(r.payload.length, 18);
  local.writeUInt32LE(r.size >>> 0, 22);
  local.writeUInt16LE(nameLength, 26);
  return local;
}

/** The end-of-central-directory record of `count` entries whose directory follows their data. */
function endOfDirectory(count: number, directory: readonly Buffer[], dataLength: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD_SIG, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(
    directory.reduce((n, b) => n + b.length, 0),
    12,
  );
  end.writeUInt32LE(dataLength, 16);
  return end;
}

/** A zip of `records` in order: local records, then the central directory. */
export function writeZipRecords(records: readonly ZipRecord[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const r of records) {
    const name = Buffer.from(r.name, 'utf8');
    const local = localHeader(r, name.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CEN_SIG, 0);
    central.writeUInt16LE(20, 4); // version made by
    // from "version needed" to "extra field length" a central record repeats its local header, 2 bytes later
    local.copy(central, 6, 4, 30);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, r.payload);
    directory.push(central, name);
    offset += 30 + name.length + r.payload.length;
  }
  return Buffer.concat([...parts, ...directory, endOfDirectory(records.length, directory, offset)]);
}

/** A zip with every file stored (no compression): what it holds is already inflated and bounded. */
export function writeStoredZip(files: ReadonlyArray<{ name: string; data: Buffer }>): Buffer {
  return writeZipRecords(
    files.map(({ name, data }) => ({
      name,
      payload: data,
      method: 0,
      crc: crc32(data),
      size: data.length,
      flags: 0x0800,
    })),
  );
}

const DESCRIPTOR_SIG = 0x08074b50;

/** The bytes of an entry's local record: header, name, extra field, data and data descriptor, as stored. */
function localRecord(buf: Buffer, entry: ZipEntry): Buffer {
  const loc = entry.localHeaderOffset;
  if (loc + 30 > buf.length || buf.readUInt32LE(loc) !== LOC_SIG) throw unreadable();
  let end = loc + 30 + buf.readUInt16LE(loc + 26) + buf.readUInt16LE(loc + 28) + entry.compressedSize;
  if ((entry.flags & 0x0008) !== 0) {
    end += end + 4 <= buf.length && buf.readUInt32LE(end) === DESCRIPTOR_SIG ? 16 : 12;
  }
  if (end > buf.length) throw unreadable();
  return buf.subarray(loc, end);
}

/**
 * The same zip with one entry's content replaced (deflated): every other entry's local record and directory
 * record are copied byte for byte, so the parts nobody edited stay exactly as the user's program wrote them.
 */
export function replaceZipEntry(
  buf: Buffer,
  entries: readonly ZipEntry[],
  name: string,
  data: Buffer,
): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const central = Buffer.from(buf.subarray(entry.centralOffset, entry.centralOffset + entry.centralLength));
    if (entry.name === name) {
      const old = localRecord(buf, entry);
      const nameBytes = Buffer.from(name, 'utf8');
      const record: ZipRecord = {
        name,
        payload: deflateRawSync(data),
        method: 8,
        crc: crc32(data),
        size: data.length,
        flags: entry.flags & 0x0800, // keep "UTF-8 names"; no descriptor, no encryption
      };
      const local = localHeader(record, nameBytes.length);
      local.writeUInt32LE(old.readUInt32LE(10), 10); // modification time and date
      parts.push(local, nameBytes, record.payload);
      central.writeUInt16LE(record.flags, 8);
      central.writeUInt16LE(record.method, 10);
      central.writeUInt32LE(record.crc, 16);
      central.writeUInt32LE(record.payload.length, 20);
      central.writeUInt32LE(record.size, 24);
      central.writeUInt32LE(offset, 42);
      offset += 30 + nameBytes.length + record.payload.length;
    } else {
      const record = localRecord(buf, entry);
      central.writeUInt32LE(offset, 42);
      parts.push(record);
      offset += record.length;
    }
    directory.push(central);
  }
  return Buffer.concat([...parts, ...directory, endOfDirectory(entries.length, directory, offset)]);
}
