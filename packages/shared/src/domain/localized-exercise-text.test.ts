import { describe, expect, it } from 'vitest';
import { localizedExerciseText } from './localized-exercise-text';

const item = {
  name: 'Sit to stand',
  instructions: 'Sit near the front of a firm chair.',
  tags: ['legs'],
  translations: {
    es: {
      name: 'Levantarse de la silla',
      instructions: 'Siéntese cerca del borde delantero de una silla firme.',
    },
    'zh-Hans': { name: '从坐到站', instructions: '坐在一把稳固椅子的前部。' },
  },
};

describe('localizedExerciseText', () => {
  it('answers the translation in the language asked for, and nothing else of the item', () => {
    expect(localizedExerciseText(item, 'es')).toEqual({
      name: 'Levantarse de la silla',
      instructions: 'Siéntese cerca del borde delantero de una silla firme.',
    });
    expect(localizedExerciseText(item, 'zh-Hans')).toEqual({
      name: '从坐到站',
      instructions: '坐在一把稳固椅子的前部。',
    });
  });

  it('answers the item’s own text in English and in a language it has no translation for', () => {
    const own = { name: 'Sit to stand', instructions: 'Sit near the front of a firm chair.' };
    expect(localizedExerciseText(item, 'en')).toEqual(own);
    expect(localizedExerciseText(item, 'vi')).toEqual(own);
    expect(localizedExerciseText({ ...item, translations: {} }, 'ar')).toEqual(own);
  });
});
