/** The visible "*" of a required field; the control itself carries aria-required. */
export function RequiredMark() {
  return (
    <span className="program-required" aria-hidden="true">
      *
    </span>
  );
}
