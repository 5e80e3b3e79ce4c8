/**
 * The sentences of an analysis's preparation text that hold for some orders only, as data beside the
 * catalogue (the catalogue team adds a row when it writes such a sentence): advice for women, and
 * taking a sample to a branch, which a home visit's nurse does instead. The memo of an order leaves
 * out those that do not fit it (the patient's sex, where the sample is taken).
 */
export type SentenceAudience = 'women' | 'men' | 'branch';

export const CONDITIONAL_SENTENCES: readonly { readonly startsWith: string; readonly holdsFor: SentenceAudience }[] = [
  { startsWith: 'Жінкам', holdsFor: 'women' },
  { startsWith: 'Женщинам', holdsFor: 'women' },
  { startsWith: 'Доставити до відділення', holdsFor: 'branch' },
  { startsWith: 'Доставить в отделение', holdsFor: 'branch' },
];

/** Who the memo is for: the patient's sex (null: unknown, every sentence kept) and the sampling place. */
export interface MemoReader {
  readonly sex: 'male' | 'female' | null;
  readonly homeVisit: boolean;
}

const fits = (audience: SentenceAudience, reader: MemoReader): boolean =>
  audience === 'branch'
    ? !reader.homeVisit
    : reader.sex === null || reader.sex === (audience === 'women' ? 'female' : 'male');

/** The text without the sentences that do not hold for this reader. */
export function fitText(text: string, reader: MemoReader): string {
  const sentences = text.match(/[^.!?]+[.!?]*\s*/g) ?? [text];
  return sentences
    .filter((sentence) => {
      const rule = CONDITIONAL_SENTENCES.find((row) => sentence.trim().startsWith(row.startsWith));
      return !rule || fits(rule.holdsFor, reader);
    })
    .join('')
    .trim();
}
