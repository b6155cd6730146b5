import { describe, expect, it } from 'vitest';
import { detectImageKind } from './image-processing';

describe('image type by magic bytes', () => {
  it.each([
    ['JPEG', [0xff, 0xd8, 0xff, 0xe0], 'jpeg'],
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'png'],
    ['WebP', [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')], 'webp'],
    ['GIF', [...Buffer.from('GIF89a')], null],
    ['text', [...Buffer.from('hello world!')], null],
    ['empty', [], null],
    ['RIFF but WAVE', [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVE')], null],
  ])('%s → %s', (_name, bytes, kind) => {
    expect(detectImageKind(Buffer.from(bytes as number[]))).toBe(kind);
  });
});
