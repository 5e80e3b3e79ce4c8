/** Why a move or a release is refused: the deploy API's stable codes (docs/releases.md "Refusals"). */
export type RefusalCode = 'move-refused' | 'gate-refused' | 'moved-meanwhile' | 'release-unknown' | 'app-unknown';

/**
 * A move or a release refused, with what to do. `code` says which refusal it is for the deploy API;
 * `misfits`, the gate's lines.
 */
export class ReleaseError extends Error {
  readonly code: RefusalCode;
  readonly misfits?: string[];

  constructor(message: string, { code = 'move-refused', misfits }: { code?: RefusalCode; misfits?: string[] } = {}) {
    super(message);
    this.code = code;
    if (misfits) this.misfits = misfits;
  }
}
