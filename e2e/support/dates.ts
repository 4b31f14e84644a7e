// Dates as the journeys' pages show them. The browser contexts run in Australia/Sydney.

const ZONE = 'Australia/Sydney';

/** A calendar date in the browsers' zone (the contexts run in Australia/Sydney), `days` after today. */
export function sydneyDate(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** `Saturday, 21 November 2026`, as the calendar's day links and the page header read. */
export function longDate(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}

/** `21/11/2026`, as lists and feedback dates read. */
export function ddMMyyyy(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}
