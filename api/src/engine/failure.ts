/** A job that cannot succeed, with the reason code the user is shown (e.g. `no_face_detected`) and, for the log, what happened. */
export class EngineFailure extends Error {
  constructor(
    readonly reason: string,
    detail?: string,
    /** A provider refused Kagami's key (401, 403): the operator's to fix, logged as an error. */
    readonly keyRefused = false,
  ) {
    super(detail ?? reason);
  }
}
