/** A command was called wrongly: the CLI prints the message and the command's usage, exit 2. */
export class UsageError extends Error {}
