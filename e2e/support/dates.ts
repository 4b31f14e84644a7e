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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A yyyy-MM-dd date as a UTC noon Date, for calendar arithmetic that no zone can shift. */
function utcNoon(isoDate: string): Date {
  return new Date(`${isoDate}T12:00:00Z`);
}

/** `Tue 24 Nov`, as the attention reasons and the charts' tables say a day. */
export function weekdayShort(isoDate: string): string {
  const date = utcNoon(isoDate);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** `24 Nov 2026`, as the effort and pain table says a day. */
export function mediumDate(isoDate: string): string {
  const date = utcNoon(isoDate);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The Monday (yyyy-MM-dd) of a date's week. */
export function mondayOf(isoDate: string): string {
  const date = utcNoon(isoDate);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}
