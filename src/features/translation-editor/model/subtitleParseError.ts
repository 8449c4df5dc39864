/** A subtitle file refused, with a message for the translator (what is wrong, and where when it can say). */
export class SubtitleParseError extends Error {
  override readonly name = 'SubtitleParseError';
}
