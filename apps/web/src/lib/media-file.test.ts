import { describe, expect, it } from 'vitest';
import { checkPhotoOrVideo } from './media-file';

describe('checkPhotoOrVideo', () => {
  it('takes JPEG, PNG, GIF, MP4, AVI and MOV up to 50 MB', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
      ['a.mp4', 'video/mp4'],
      ['a.avi', 'video/x-msvideo'],
      ['a.avi', 'video/avi'],
      ['a.mov', 'video/quicktime'],
      ['a.MOV', ''],
      ['a.avi', 'application/octet-stream'],
    ] as const) {
      expect(checkPhotoOrVideo({ name, type, size: 1000 }), name).toBeNull();
    }
    expect(checkPhotoOrVideo({ name: 'a.jpg', type: 'image/jpeg', size: 52_428_800 })).toBeNull();
  });

  it('refuses other types and files over 50 MB with the documented texts', () => {
    for (const [name, type] of [
      ['a.webp', 'image/webp'],
      ['a.webm', 'video/webm'],
      ['notes.txt', 'text/plain'],
      ['a.pdf', ''],
      ['noextension', ''],
    ] as const) {
      expect(checkPhotoOrVideo({ name, type, size: 1000 }), name).toBe(
        'Please upload only images (JPEG, PNG, GIF) or videos (MP4, AVI, MOV).',
      );
    }
    expect(checkPhotoOrVideo({ name: 'a.mp4', type: 'video/mp4', size: 52_428_801 })).toBe(
      'File size must be less than 50MB',
    );
  });
});
