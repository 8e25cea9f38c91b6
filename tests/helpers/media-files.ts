import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';

/**
 * Real files of real sizes for upload tests: a camera-like JPEG, PNGs of an exact byte size (noise pixels, so the
 * bytes are picture data, not padding), a PNG whose header claims more pixels than it carries, and an MP4 of an
 * exact size. Every picture decodes in a browser.
 */

/** A JPEG photo: a colour gradient with sensor-like noise, so it compresses as a camera picture does (~200 KB at 800×600). */
export function jpegPhoto(width = 800, height = 600, quality = 85): Buffer {
  const data = Buffer.alloc(width * height * 4);
  const noise = randomBytes(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const grain = noise[i] % 48;
      data[i * 4] = Math.min(255, Math.round((x / width) * 200) + grain);
      data[i * 4 + 1] = Math.min(255, Math.round((y / height) * 180) + grain);
      data[i * 4 + 2] = Math.min(255, 120 + grain);
      data[i * 4 + 3] = 255;
    }
  }
  return Buffer.from(jpeg.encode({ data, width, height }, quality).data);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return pngChunk('IHDR', header);
}

/** An RGB PNG of noise pixels, `width` × `height`, stored without compression (noise would not compress anyway). */
function noisePng(width: number, height: number): Buffer {
  const rowBytes = 1 + width * 3;
  const raw = randomBytes(rowBytes * height);
  for (let row = 0; row < height; row++) raw[row * rowBytes] = 0; // filter type: none
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height), pngChunk('IDAT', deflateSync(raw, { level: 0 })), pngChunk('IEND', Buffer.alloc(0))]);
}

const TEXT_CHUNK_OVERHEAD = 12 + 'Comment\0'.length;

/** A valid PNG of exactly `bytes` bytes (at least ~8 kB): noise pixels 1024 wide, topped up by a text chunk decoders skip. */
export function pngOfSize(bytes: number): Buffer {
  const width = 1024;
  let height = Math.max(1, Math.floor(bytes / (1 + width * 3)));
  let image = noisePng(width, height);
  while (image.length > bytes - TEXT_CHUNK_OVERHEAD - 1) image = noisePng(width, --height);
  const text = pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(bytes - image.length - TEXT_CHUNK_OVERHEAD, 0x20)]));
  const iend = image.subarray(image.length - 12);
  return Buffer.concat([image.subarray(0, image.length - 12), text, iend]);
}

/** A small PNG whose header claims `width` × `height` pixels (a decompression bomb's shape): a few hundred bytes. */
export function pngClaiming(width: number, height: number): Buffer {
  const rowBytes = 1 + width * 3;
  // Only the first rows are present; a decoder would have to allocate the whole claimed canvas first.
  const raw = Buffer.alloc(rowBytes * 2);
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

function box(type: string, payload: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + payload.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), payload]);
}

/** An ISO base media (MP4) file of exactly `bytes` bytes: an `ftyp` box, then an `mdat` box of random media data. */
export function mp4OfSize(bytes: number): Buffer {
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41', 'latin1')]));
  return Buffer.concat([ftyp, box('mdat', randomBytes(bytes - ftyp.length - 8))]);
}

export const MEGABYTE = 1024 * 1024;

export type ByteOrder = 'II' | 'MM';

/** An EXIF TIFF structure with a position, and where its parts lie (offsets from the TIFF's first byte). */
export interface GpsExif {
  tiff: Buffer;
  /** The GPS IFD and the values its entries point to: [start, end). */
  gps: [start: number, end: number];
  /** The offset IFD0 gives for the GPS IFD, where the entry holding it keeps its value. */
  gpsPointerAt: number;
  /** GPSLatitude's and GPSLongitude's three rationals, as stored. */
  latitude: Buffer;
  longitude: Buffer;
}

const TIFF_TYPES = { BYTE: 1, ASCII: 2, SHORT: 3, LONG: 4, RATIONAL: 5 } as const;

/**
 * EXIF as a phone writes it, in either byte order: IFD0 with Make, Orientation 6 (the phone was held upright)
 * and the GPS IFD pointer; the GPS IFD with GPSVersionID, GPSLatitudeRef N, GPSLatitude, GPSLongitudeRef E and
 * GPSLongitude (37°33'59.10" N 126°58'41.30" E, three rationals each); then Make's text, after the GPS block.
 * `gpsOffset` overrides where IFD0 says the GPS IFD is; `gpsCount` overrides its entry count.
 */
export function gpsExif(order: ByteOrder, options: { gpsOffset?: number; gpsCount?: number } = {}): GpsExif {
  const little = order === 'II';
  const ifd0 = 8;
  const gpsIfd = ifd0 + 2 + 3 * 12 + 4;
  const latitudeAt = gpsIfd + 2 + 5 * 12 + 4;
  const longitudeAt = latitudeAt + 24;
  const makeAt = longitudeAt + 24;
  const make = Buffer.from('SlimePhone\0', 'latin1');
  const tiff = Buffer.alloc(makeAt + make.length);
  const u16 = (value: number, at: number) => (little ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at));
  const u32 = (value: number, at: number) => (little ? tiff.writeUInt32LE(value, at) : tiff.writeUInt32BE(value, at));
  const rationals = (values: [number, number][], at: number) => values.forEach(([n, d], i) => (u32(n, at + 8 * i), u32(d, at + 8 * i + 4)));
  tiff.write(order, 0, 'latin1');
  u16(42, 2);
  u32(ifd0, 4);
  /** Writes one entry; `inline` writes a value that fits in the entry's 4 value bytes (left-justified). */
  const entry = (at: number, tag: number, type: number, count: number, value: number | ((valueAt: number) => void)) => {
    u16(tag, at);
    u16(type, at + 2);
    u32(count, at + 4);
    if (typeof value === 'number') u32(value, at + 8);
    else value(at + 8);
  };
  u16(3, ifd0);
  entry(ifd0 + 2, 0x010f, TIFF_TYPES.ASCII, make.length, makeAt);
  entry(ifd0 + 14, 0x0112, TIFF_TYPES.SHORT, 1, (at) => u16(6, at));
  entry(ifd0 + 26, 0x8825, TIFF_TYPES.LONG, 1, options.gpsOffset ?? gpsIfd);
  u16(options.gpsCount ?? 5, gpsIfd);
  entry(gpsIfd + 2, 0x0000, TIFF_TYPES.BYTE, 4, (at) => tiff.set([2, 2, 0, 0], at));
  entry(gpsIfd + 14, 0x0001, TIFF_TYPES.ASCII, 2, (at) => tiff.write('N\0', at, 'latin1'));
  entry(gpsIfd + 26, 0x0002, TIFF_TYPES.RATIONAL, 3, latitudeAt);
  entry(gpsIfd + 38, 0x0003, TIFF_TYPES.ASCII, 2, (at) => tiff.write('E\0', at, 'latin1'));
  entry(gpsIfd + 50, 0x0004, TIFF_TYPES.RATIONAL, 3, longitudeAt);
  rationals(
    [
      [37, 1],
      [33, 1],
      [5910, 100],
    ],
    latitudeAt,
  );
  rationals(
    [
      [126, 1],
      [58, 1],
      [4130, 100],
    ],
    longitudeAt,
  );
  make.copy(tiff, makeAt);
  return {
    tiff,
    gps: [gpsIfd, makeAt],
    gpsPointerAt: ifd0 + 26 + 8,
    latitude: Buffer.from(tiff.subarray(latitudeAt, latitudeAt + 24)),
    longitude: Buffer.from(tiff.subarray(longitudeAt, longitudeAt + 24)),
  };
}

/** A JPEG with an APP1 segment holding `payload`, inserted right after SOI (where cameras put EXIF). */
export function jpegWithApp1(payload: Buffer, photo = jpegPhoto()): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([photo.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, photo.subarray(2)]);
}

/** Where an EXIF TIFF starts in `jpegWithApp1(exifPayload(tiff))`: SOI, APP1 marker and length, `Exif\0\0`. */
export const JPEG_EXIF_TIFF_OFFSET = 2 + 4 + 6;

export const exifPayload = (tiff: Buffer) => Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
export const xmpPayload = (packet: string) => Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), Buffer.from(packet, 'utf8')]);

/** A phone photo (800×600 `jpegPhoto()`) with EXIF as `gpsExif` writes it: the file and the GPS block's place in it. */
export function jpegWithGps(order: ByteOrder): GpsExif & { bytes: Buffer } {
  const exif = gpsExif(order);
  const shift = JPEG_EXIF_TIFF_OFFSET;
  return { ...exif, bytes: jpegWithApp1(exifPayload(exif.tiff)), gps: [exif.gps[0] + shift, exif.gps[1] + shift] };
}

/**
 * An XMP packet with a position: GPS attributes (exif:GPSLatitude, exif:GPSLongitude) and elements
 * (exif:GPSAltitude, exif:GPSTimeStamp) next to other properties (xmp:CreatorTool, tiff:Orientation).
 */
export function xmpWithGps(): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/"',
    ' xmp:CreatorTool="SlimePhone 1.0" exif:GPSLatitude="37,33.985N" exif:GPSLongitude=\'126,58.688E\'>',
    '<tiff:Orientation>6</tiff:Orientation><exif:GPSAltitude>3800/100</exif:GPSAltitude>',
    '<exif:GPSTimeStamp><rdf:Alt><rdf:li xml:lang="x-default">2024-05-04T09:12:33Z</rdf:li></rdf:Alt></exif:GPSTimeStamp>',
    '</rdf:Description></rdf:RDF></x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** A PNG (`pngOfSize(bytes)`) with extra chunks right after IHDR, where eXIf and iTXt must come before IDAT. */
export function pngWithChunks(chunks: [type: string, data: Buffer][], bytes = 20_000): Buffer {
  const png = pngOfSize(bytes);
  const afterIhdr = PNG_SIGNATURE.length + 25;
  return Buffer.concat([png.subarray(0, afterIhdr), ...chunks.map(([type, data]) => pngChunk(type, data)), png.subarray(afterIhdr)]);
}

/** An uncompressed iTXt chunk's data holding an XMP packet. */
export const pngXmpText = (packet: string) => Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from(packet, 'utf8')]);

/** Each PNG chunk's CRC checks out. */
export function pngCrcsHold(png: Buffer): boolean {
  for (let offset = 8; offset + 12 <= png.length;) {
    const length = png.readUInt32BE(offset);
    if (crc32(png.subarray(offset + 4, offset + 8 + length)) !== png.readUInt32BE(offset + 8 + length)) return false;
    offset += 12 + length;
  }
  return true;
}

/** The image data of a 1×1 lossless WebP. */
const VP8L_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64').subarray(12);

/** An extended 1×1 WebP (VP8X) carrying the given metadata chunks (`EXIF`, `XMP `) after its image. */
export function webpWithChunks(chunks: [type: 'EXIF' | 'XMP ', data: Buffer][]): Buffer {
  const riffChunk = (type: string, data: Buffer) => {
    const header = Buffer.alloc(8);
    header.write(type, 0, 'latin1');
    header.writeUInt32LE(data.length, 4);
    return Buffer.concat([header, data, Buffer.alloc(data.length % 2)]);
  };
  const vp8x = Buffer.alloc(10); // flags, reserved, then canvas width - 1 and height - 1 (24 bits each): 1×1
  for (const [type] of chunks) vp8x[0] |= type === 'EXIF' ? 0x08 : 0x04;
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), riffChunk('VP8X', vp8x), VP8L_1X1, ...chunks.map(([type, data]) => riffChunk(type, data))]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

/**
 * `bytes` written to a file called `name` in a new temporary folder, for `setInputFiles(path)`: a file of a few MB
 * given as a buffer crosses the browser protocol as base64, which a busy machine takes tens of seconds over.
 */
export function fileOnDisk(name: string, bytes: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'upload-')), name);
  writeFileSync(path, bytes);
  return path;
}
