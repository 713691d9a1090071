import { BadRequestException } from '@nestjs/common';
import type { ScreenshotType } from './entities/key-report.entity.js';

/** The largest screenshot a report takes, decoded. */
export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;

/** Its base64 text, with room for a `data:` URL prefix. */
export const SCREENSHOT_MAX_BASE64 = Math.ceil(SCREENSHOT_MAX_BYTES / 3) * 4 + 100;

/** How each accepted type starts (its magic bytes); `null` is any byte. */
const SIGNATURES: [ScreenshotType, (number | null)[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  // RIFF, the file's size, WEBP.
  ['image/webp', [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50]],
];

/** The type of an image by its first bytes, whatever the sender called it; null when it is none of these. */
export function sniffScreenshotType(bytes: Uint8Array): ScreenshotType | null {
  const found = SIGNATURES.find(
    ([, signature]) =>
      bytes.length >= signature.length && signature.every((byte, i) => byte === null || bytes[i] === byte),
  );
  return found?.[0] ?? null;
}

const DATA_URL = /^data:[^,]{0,100};base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The screenshot sent with a report: base64 text, or a `data:` URL whose declared type is ignored. Every
 * problem is a 400 naming it: not base64, empty, over 2 MB, or not a PNG, JPEG or WebP image by its bytes.
 */
export function decodeScreenshot(text: string): { type: ScreenshotType; bytes: Buffer } {
  const base64 = text.replace(DATA_URL, '').replace(/\s+/g, '');
  if (!BASE64.test(base64) || base64.length % 4 !== 0)
    throw new BadRequestException('Screenshot must be base64-encoded');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new BadRequestException('Screenshot is empty');
  if (bytes.length > SCREENSHOT_MAX_BYTES) throw new BadRequestException('Screenshot must be at most 2 MB');
  const type = sniffScreenshotType(bytes);
  if (!type) throw new BadRequestException('Screenshot must be a PNG, JPEG or WebP image');
  return { type, bytes };
}
