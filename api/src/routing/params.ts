// Path parameters the API's routes share: a uuid, a team's id, and a team's item.
import * as v from 'valibot';

/** A uuid in a path or body; anything else is refused with `validation.invalid`. */
export const uuid = v.pipe(v.string(), v.uuid('validation.invalid'));

/** `/…/teams/:teamId`. */
export const teamParams = v.object({ teamId: uuid });

/** `/…/teams/:teamId/…/:id`. */
export const teamItemParams = v.object({ teamId: uuid, id: uuid });
