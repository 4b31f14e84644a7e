import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /exercise/:exerciseId/feedback: the feedback history of one exercise. Content comes with later work. */
export function ExerciseFeedbackPage() {
  return <PlaceholderPage title="Exercise Feedback" />;
}
