export const LANGUAGES = ['en', 'es', 'zh-Hans', 'vi', 'ar'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const TRANSLATED_LANGUAGES = ['es', 'zh-Hans', 'vi', 'ar'] as const;
