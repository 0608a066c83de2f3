import { describe, expect, test } from 'vitest';
import { sniffImage } from './image-check';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImage', () => {
  test('names JPEG, PNG, WebP, GIF and HEIC by their first bytes', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(sniffImage(bytes('GIF89a'))).toBe('gif');
    expect(sniffImage(bytes('GIF87a'))).toBe('gif');
    expect(sniffImage(bytes([0, 0, 0, 24], 'ftypheic'))).toBe('heic');
    expect(sniffImage(bytes([0, 0, 0, 24], 'ftypmif1'))).toBe('heic');
  });
  test('refuses anything else, whatever its name says', () => {
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeUndefined();
    expect(sniffImage(bytes('%PDF-1.7'))).toBeUndefined();
    expect(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeUndefined();
    expect(sniffImage(bytes([0, 0, 0, 24], 'ftypmp42'))).toBeUndefined();
    expect(sniffImage(bytes([0xff, 0xd8]))).toBeUndefined();
    expect(sniffImage(new Uint8Array())).toBeUndefined();
  });
});
