/** A command was called wrongly: the CLI prints the message and the command's usage, exit 2. */
export class UsageError extends Error {}

/** A command cannot run at all (no database where the configuration points): message, exit 1. */
export class CannotRunError extends Error {}
