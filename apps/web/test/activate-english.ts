import { i18n } from '@lingui/core';
import { messages } from '../src/locales/en';

// The web app's unit tests run in English, as the app does before a user chooses another language.
i18n.loadAndActivate({ locale: 'en', messages });
