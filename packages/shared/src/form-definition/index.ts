/**
 * Forms without zod: the definition subset and its check, the field model, and the rules for
 * answers. The public fill-out page imports this (and not `forms`) to stay within its budget.
 */
export * from './definition.ts';
export * from './fields.ts';
export * from './answers.ts';
export * from './iban.ts';
export * from './pattern.ts';
