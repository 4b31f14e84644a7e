import { describe, expect, it } from 'vitest';
import type { TLibraryExercise } from '@hep/shared/schemas/library';
import { buildLibraryBody, libraryFieldPath, libraryFormValues, parseTags } from './library-form-values';

const item: TLibraryExercise = {
  id: 5,
  name: 'Heel raises',
  instructions: 'Hold the bench.',
  translations: {},
  tags: ['balance', 'standing'],
  sets: 3,
  reps: 10,
  hold_seconds: null,
  rest_seconds: null,
  times_per_day: 2,
  side: 'both',
  image_url: null,
  video_url: null,
  image_media_id: null,
  video_media_id: null,
  starter: false,
  clinic: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

describe('library form values', () => {
  it('fills the form from an item, dosage and tags as text, its own photo kept', () => {
    const photo = { ...item, image_url: '/api/media/8/?sig=a', image_media_id: 8 };
    expect(libraryFormValues(photo)).toEqual({
      name: 'Heel raises',
      instructions: 'Hold the bench.',
      tags: 'balance, standing',
      dosage: {
        sets: '3',
        reps: '10',
        hold_seconds: '',
        rest_seconds: '',
        times_per_day: '2',
        side: 'both',
      },
      // The item's own file: kept by keep_image, never sent back by id.
      image: { file: null, current: { url: '/api/media/8/?sig=a', mediaId: null }, keep: true },
      video: { file: null, current: null, keep: true },
      translations: {
        es: { name: '', instructions: '' },
        'zh-Hans': { name: '', instructions: '' },
        vi: { name: '', instructions: '' },
        ar: { name: '', instructions: '' },
      },
    });
    expect(libraryFormValues().name).toBe('');
    const spanish = { name: 'Elevación de talones', instructions: 'Sujétese al banco.' };
    expect(libraryFormValues({ ...item, translations: { es: spanish } }).translations.es).toEqual(spanish);
  });

  it('sends the translations given a name, trimmed, as one JSON object ({} for none)', () => {
    const values = libraryFormValues(item);
    values.translations.es = { name: ' Elevación de talones ', instructions: ' Sujétese al banco. ' };
    values.translations.vi = { name: '  ', instructions: '' };
    const { body } = buildLibraryBody(values, true);
    expect(JSON.parse(body.get('translations') as string)).toEqual({
      es: { name: 'Elevación de talones', instructions: 'Sujétese al banco.' },
    });
    expect(buildLibraryBody(libraryFormValues(item), true).body.get('translations')).toBe('{}');
  });

  it('puts a server message on the field it names, the dosage ones in the dosage group', () => {
    expect(libraryFieldPath('name')).toBe('name');
    expect(libraryFieldPath('tags')).toBe('tags');
    expect(libraryFieldPath('translations')).toBe('translations');
    expect(libraryFieldPath('hold_seconds')).toBe('dosage.hold_seconds');
    expect(libraryFieldPath('image')).toBeNull();
  });

  it('reads tags as the server stores them: trimmed, lower case, no repeats or blanks', () => {
    expect(parseTags(' Balance , sit  to STAND,, balance ,')).toEqual(['balance', 'sit to stand']);
    expect(parseTags('  ')).toEqual([]);
  });

  it('sends every field, one `tags` field per tag, and files last', () => {
    const photo = new File(['x'], 'photo.jpg', { type: 'image/jpeg' });
    const values = libraryFormValues(item);
    values.tags = 'Balance, legs';
    values.dosage.hold_seconds = ' 5 ';
    values.image.file = photo;
    const { body, hasFiles } = buildLibraryBody(values, false);
    expect(hasFiles).toBe(true);
    expect(body.getAll('tags')).toEqual(['balance', 'legs']);
    expect(body.get('hold_seconds')).toBe('5');
    expect(body.get('rest_seconds')).toBe('');
    expect(body.get('side')).toBe('both');
    expect(body.has('keep_image')).toBe(false);
    expect([...body.keys()].at(-1)).toBe('image');
  });

  it('clears the tags of an edit with an empty list, and says which media to keep', () => {
    const values = { ...libraryFormValues(item), tags: '' };
    values.image = { ...values.image, keep: false };
    const { body, hasFiles } = buildLibraryBody(values, true);
    expect(hasFiles).toBe(false);
    expect(body.getAll('tags')).toEqual(['[]']);
    expect(body.get('keep_image')).toBe('false');
    expect(body.get('keep_video')).toBe('true');
    // A new item without tags sends none.
    expect(buildLibraryBody(libraryFormValues({ ...item, tags: [] }), false).body.has('tags')).toBe(false);
  });
});
