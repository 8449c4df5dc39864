/** The body of an order like an existing one (its asset, language, territory), due in two weeks: for API tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a record read as JSON; only the fields named are read
type Rec = Record<string, any>;

export function orderLike(wr: Rec, dng: Rec, instructions: string): Rec {
  return {
    asset: wr.asset._id,
    language: wr.language,
    territory: wr.territory,
    dng,
    due: { date: Math.floor(Date.now() / 1000) + 14 * 86400, tz: 'Europe/Paris' },
    instructions,
  };
}
