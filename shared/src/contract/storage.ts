/** Browser-storage keys of SPEC §3. */
export const STORAGE_KEYS = {
  localUser: 'kagami.user',
  language: 'kagami.language',
  invitationCode: 'kagami.invitationCode',
  teamId: 'kagami.teamId',
  intendedDestination: 'kagami.intendedDestination',
} as const;
