/** IANA time-zone names (`Europe/Paris`, `UTC`): an order's dates, a user's mail times. */

/** Whether the runtime knows this IANA time-zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONE_MESSAGE = 'expected a time zone name such as Europe/Paris';
