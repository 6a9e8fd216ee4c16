/**
 * The query key of the profile's security log: areas whose changes write to it (a mailbox's
 * members) refresh it without knowing the profile feature.
 */
export const securityLogKey = ['profile', 'audit-events'] as const;
