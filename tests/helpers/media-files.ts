import { randomBytes } from 'node:crypto';
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
