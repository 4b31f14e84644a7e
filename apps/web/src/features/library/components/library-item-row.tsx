import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { dosageInWords } from '@hep/shared/domain/dosage';
import { translateText } from '../../../lib/i18n/translated-resolver';
import type { TLibraryExercise } from '@hep/shared/schemas/library';
import { ExerciseThumbnail } from '../../../components/ui/exercise-thumbnail';

/**
 * `picker`: short rows under the dialog's h2, one Add button beside the name even on a phone. `page`: rows under
 * the page's h1 with the instructions and where the item comes from, Edit and Remove under it on a phone.
 */
export type LibraryRowVariant = 'picker' | 'page';

interface LibraryItemRowProps {
  item: TLibraryExercise;
  actions: ReactNode;
  variant: LibraryRowVariant;
  onMediaError?: () => void;
}

/** One library exercise: photo, name, dosage in words, tags (and on the page, instructions and "Starter library"). */
export function LibraryItemRow({ item, actions, variant, onMediaError }: LibraryItemRowProps) {
  const dosage = dosageInWords(item, translateText);
  const page = variant === 'page';
  const Heading = page ? 'h2' : 'h3';
  const starter = page && item.starter;
  return (
    <li className={`library-item library-item-${variant}`}>
      <ExerciseThumbnail photo={item.image_url} onError={onMediaError} />
      <div className="library-item-main">
        <Heading className="library-item-name">{item.name}</Heading>
        {dosage ? <p className="library-item-dosage">{dosage}</p> : null}
        {page && item.instructions ? (
          <details className="library-item-instructions">
            <summary>
              <Trans>Instructions</Trans>
            </summary>
            <p>{item.instructions}</p>
          </details>
        ) : null}
      </div>
      {starter || item.tags.length > 0 ? (
        <p className="library-item-meta">
          {starter ? (
            <span className="library-starter">
              <Trans>Starter library</Trans>
            </span>
          ) : null}
          {item.tags.length > 0 ? (
            <span className="visually-hidden">
              <Trans>Tags:</Trans>{' '}
            </span>
          ) : null}
          {item.tags.map((tag) => (
            <span key={tag} className="library-tag">
              {tag}
            </span>
          ))}
        </p>
      ) : null}
      {actions ? <div className="library-item-actions">{actions}</div> : null}
    </li>
  );
}
