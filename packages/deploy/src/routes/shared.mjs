// What the routes share: the `:app` parameter, a release's version, and ReleaseError as an answer.
import { apps } from '../../../../scripts/lib.mjs';
import { apiError } from '../errors.mjs';

export const appParams = {
  type: 'object',
  required: ['app'],
  properties: { app: { type: 'string', enum: apps.map((app) => app.dir), description: 'the app’s folder' } },
};

export const versionSchema = { type: 'string', minLength: 1, maxLength: 80, pattern: '^[0-9A-Za-z.+-]+$' };

/** The status of each refusal releases.mjs names (ReleaseError's `code`). */
const STATUS = {
  'gate-refused': 409,
  'moved-meanwhile': 409,
  'release-unknown': 404,
  'app-unknown': 404,
  'move-refused': 422,
};

/** Answers a refusal of releases.mjs with its code and message (and the gate's lines); rethrows the rest. */
export function refuse(reply, error) {
  if (!error || typeof error.code !== 'string' || !(error.code in STATUS)) throw error;
  return reply
    .code(STATUS[error.code])
    .send({ ...apiError(error.code, error.message), ...(error.misfits ? { misfits: error.misfits } : {}) });
}

/** Who a move is recorded as: the token's team and name. */
export const moverOf = (request) => {
  const { team, name, tokenId } = request.deployer.token;
  return { by: `${team}/${name}`, tokenId };
};
