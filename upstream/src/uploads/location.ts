import { crc32 } from 'node:zlib';

/**
 * Removes where a picture was taken before it is stored, losslessly and in place: the file keeps its length,
 * its pixels and every other piece of metadata (EXIF Orientation above all: phones rely on it to show a photo
 * upright). Written here because image-size only reads headers and the maintained EXIF writers either
 * re-encode the picture or are unmaintained, while blanking the location needs no decoder: only the TIFF
 * structure EXIF is made of.
 *
 * Covered:
 * - EXIF (a TIFF structure) in a JPEG's APP1 `Exif` segments, a PNG's `eXIf` chunk (its CRC recomputed) and a
 *   WebP's `EXIF` chunk: the GPS IFD that IFD0's (or IFD1's) GPS pointer (0x8825) names is zeroed: its entry
 *   count, its entries, its next-IFD link and the values its entries point to. The pointer stays and names
 *   an empty directory. The EXIF thumbnail (a JPEG inside IFD1) is treated the same way.
 * - XMP in a JPEG's APP1 `http://ns.adobe.com/xap/1.0/` segment, a PNG's uncompressed `iTXt` XML:com.adobe.xmp
 *   chunk and a WebP's `XMP ` chunk: the values of attributes and the text of elements whose name starts with
 *   GPS (any case, any prefix: exif:GPSLatitude, drone-dji:GpsLongitude...) are overwritten with spaces.
 * Not covered: Extended XMP split over several JPEG segments, compressed PNG XMP, GIF's XMP application
 * extension, location inside maker notes, and place names written as text (IPTC City and the like).
 *
 * Malformed or truncated metadata never fails an upload: only what lies inside the segment or chunk is
 * touched, so a pointer or offset outside it is left as it is (no reader bounded by the segment finds
 * anything there either), and whatever can be located is blanked.
 */
export function withoutLocation(bytes: Buffer, mimeType: string): Buffer {
  const copy = Buffer.from(bytes);
  let changed = false;
  try {
    if (mimeType === 'image/jpeg') changed = blankJpeg(copy, 0);
    else if (mimeType === 'image/png') changed = blankPng(copy);
    else if (mimeType === 'image/webp') changed = blankWebp(copy);
  } catch (error) {
    // Every read is bounds-checked; should one still run past the end, what was blanked so far is kept.
    if (!(error instanceof RangeError)) throw error;
    changed = true;
  }
  return changed ? copy : bytes;
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const XMP_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');

/** JPEG: the APP1 segments before the first scan (metadata never follows it). */
function blankJpeg(bytes: Buffer, depth: number): boolean {
  if (bytes.length < 4 || bytes.readUInt16BE(0) !== 0xffd8) return false;
  let changed = false;
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const end = offset + 2 + bytes.readUInt16BE(offset + 2);
    if (end > bytes.length) break;
    if (marker === 0xe1) {
      const payload = bytes.subarray(offset + 4, end);
      if (startsWith(payload, EXIF_HEADER)) changed = blankTiff(payload.subarray(EXIF_HEADER.length), depth) || changed;
      else if (startsWith(payload, XMP_HEADER)) changed = blankXmp(payload.subarray(XMP_HEADER.length)) || changed;
    }
    offset = end;
  }
  return changed;
}

/** PNG: chunks (length, type, data, CRC) up to IEND; a chunk that changed gets its CRC recomputed. */
function blankPng(bytes: Buffer): boolean {
  let changed = false;
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const dataEnd = offset + 8 + length;
    if (dataEnd + 4 > bytes.length || type === 'IEND') break;
    const data = bytes.subarray(offset + 8, dataEnd);
    let chunkChanged = false;
    if (type === 'eXIf') chunkChanged = blankTiff(startsWith(data, EXIF_HEADER) ? data.subarray(EXIF_HEADER.length) : data, 0);
    else if (type === 'iTXt') {
      const text = uncompressedXmpText(data);
      if (text) chunkChanged = blankXmp(text);
    }
    if (chunkChanged) {
      bytes.writeUInt32BE(crc32(bytes.subarray(offset + 4, dataEnd)), dataEnd);
      changed = true;
    }
    offset = dataEnd + 4;
  }
  return changed;
}

/** iTXt: keyword NUL, compression flag, method, language NUL, translated keyword NUL, text. */
function uncompressedXmpText(data: Buffer): Buffer | null {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 0 || data.toString('latin1', 0, keywordEnd) !== 'XML:com.adobe.xmp' || data[keywordEnd + 1] !== 0) return null;
  const languageEnd = data.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
  return translatedEnd < 0 ? null : data.subarray(translatedEnd + 1);
}

/** WebP: a RIFF `WEBP` container of chunks (FourCC, little-endian size, data padded to an even length). */
function blankWebp(bytes: Buffer): boolean {
  if (bytes.length < 12 || bytes.toString('latin1', 8, 12) !== 'WEBP') return false;
  let changed = false;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const type = bytes.toString('latin1', offset, offset + 4);
    const dataEnd = offset + 8 + bytes.readUInt32LE(offset + 4);
    if (dataEnd > bytes.length) break;
    const data = bytes.subarray(offset + 8, dataEnd);
    if (type === 'EXIF') changed = blankTiff(startsWith(data, EXIF_HEADER) ? data.subarray(EXIF_HEADER.length) : data, 0) || changed;
    else if (type === 'XMP ') changed = blankXmp(data) || changed;
    offset = dataEnd + (dataEnd % 2);
  }
  return changed;
}

const GPS_POINTER = 0x8825;
const THUMBNAIL_OFFSET = 0x0201;
const THUMBNAIL_LENGTH = 0x0202;
/** Bytes per value of each TIFF field type (1 BYTE ... 13 IFD); the index is the type. */
const TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];

interface IfdEntry {
  tag: number;
  type: number;
  count: number;
  /** The value field: the value itself when it fits in 4 bytes, else where the value is. */
  value: number;
}

/**
 * A TIFF structure (the bytes after `Exif\0\0`): finds the GPS IFD from IFD0 and IFD1 and zeroes it and the
 * values it points to. Every offset is checked against `tiff`'s length; nothing outside `tiff` is touched.
 */
export function blankTiff(tiff: Buffer, depth = 0): boolean {
  if (tiff.length < 8) return false;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return false;

  /** An IFD's entries that lie inside `tiff`, and the offset of the next IFD (0 when none or out of bounds). */
  const none = { declared: 0, entries: [] as IfdEntry[], next: 0 };
  const readIfd = (start: number): typeof none => {
    if (start < 8 || start + 2 > tiff.length) return none;
    const declared = u16(start);
    const entries: IfdEntry[] = [];
    for (let i = 0; i < declared; i++) {
      const at = start + 2 + 12 * i;
      if (at + 12 > tiff.length) return { declared, entries, next: 0 };
      entries.push({ tag: u16(at), type: u16(at + 2), count: u32(at + 4), value: u32(at + 8) });
    }
    const nextAt = start + 2 + 12 * declared;
    return { declared, entries, next: nextAt + 4 <= tiff.length ? u32(nextAt) : 0 };
  };

  let changed = false;
  const zero = (start: number, end: number) => {
    if (start < 0 || end > tiff.length || start >= end) return;
    tiff.fill(0, start, end);
    changed = true;
  };

  const ifd0 = readIfd(u32(4));
  const ifd1 = ifd0.next === u32(4) ? none : readIfd(ifd0.next); // a link back to IFD0 is no IFD1
  const gpsOffsets = new Set<number>();
  for (const entry of [...ifd0.entries, ...ifd1.entries]) if (entry.tag === GPS_POINTER) gpsOffsets.add(entry.value);

  for (const start of gpsOffsets) {
    if (start < 8 || start + 2 > tiff.length) continue;
    const gps = readIfd(start);
    for (const entry of gps.entries) {
      const size = (TYPE_SIZES[entry.type] ?? 0) * entry.count;
      if (size > 4) zero(entry.value, entry.value + size);
    }
    // The count, the entries and the next-IFD link; a directory cut short by the segment's end is zeroed to that end.
    zero(start, Math.min(tiff.length, start + 2 + 12 * gps.declared + 4));
  }

  // The EXIF thumbnail is a JPEG of its own and may carry its own EXIF.
  if (depth === 0) {
    const offset = ifd1.entries.find((entry) => entry.tag === THUMBNAIL_OFFSET)?.value;
    const length = ifd1.entries.find((entry) => entry.tag === THUMBNAIL_LENGTH)?.value;
    if (offset !== undefined && length !== undefined && offset >= 8 && offset + length <= tiff.length) {
      changed = blankJpeg(tiff.subarray(offset, offset + length), depth + 1) || changed;
    }
  }
  return changed;
}

/**
 * XMP: the value of every attribute and the text of every element named GPS... becomes spaces, byte for byte
 * (the packet keeps its length and stays well-formed XML; child elements of an rdf:Seq are kept, their text
 * blanked).
 */
export function blankXmp(xmp: Buffer): boolean {
  const text = xmp.toString('latin1');
  let changed = false;
  const blank = (start: number, end: number) => {
    for (let i = start; i < end; i++) {
      if (xmp[i] !== 0x20) {
        xmp[i] = 0x20;
        changed = true;
      }
    }
  };
  const name = String.raw`(?:[A-Za-z_][\w.-]*:)?[Gg][Pp][Ss][\w.-]*`;
  for (const match of text.matchAll(new RegExp(String.raw`\s(${name})\s*=\s*("[^"]*"|'[^']*')`, 'g'))) {
    const valueStart = match.index + match[0].length - match[2].length + 1;
    blank(valueStart, valueStart + match[2].length - 2);
  }
  for (const match of text.matchAll(new RegExp(String.raw`<(${name})(?:\s[^>]*)?(?<!/)>`, 'g'))) {
    const contentStart = match.index + match[0].length;
    const close = text.indexOf(`</${match[1]}`, contentStart);
    if (close < 0) continue;
    // Text between tags only: the markup of child elements stays.
    let inTag = false;
    for (let i = contentStart; i < close; i++) {
      if (text[i] === '<') inTag = true;
      else if (text[i] === '>') inTag = false;
      else if (!inTag && !XML_SPACE.has(xmp[i])) blank(i, i + 1);
    }
  }
  return changed;
}

const XML_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

function startsWith(bytes: Buffer, prefix: Buffer): boolean {
  return bytes.length >= prefix.length && bytes.subarray(0, prefix.length).equals(prefix);
}
