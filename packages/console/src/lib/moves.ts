// What a move asks the deploy API for, and what its confirmation says.
import type { Move, Whoami } from './api';
import type { Translate } from './i18n';

export type MoveRequest = {
  readonly app: string;
  readonly move: Move;
  readonly body: Readonly<Record<string, string | number>>;
  readonly text: string;
  readonly danger: boolean;
};

export const mayMove = (who: Whoami, app: string): boolean => who.apps.includes(app) || who.apps.includes('*');

export const moveLabel = (t: Translate, move: MoveRequest): string =>
  move.move === 'widen' || move.move === 'canary'
    ? t(`actions.${move.move}`, { percent: Number(move.body.share) })
    : t(`actions.${move.move}`);
