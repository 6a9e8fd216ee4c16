import type { TestProject } from 'vitest/node';
import { prepareDatabaseTemplates } from './database-templates.ts';

/** Migrates the template databases once for the run (see database-templates.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templates = await prepareDatabaseTemplates();
  const { sqliteTemplatePath, postgresRunPrefix, postgresSchemaFingerprint } = templates.provided;
  project.provide('sqliteTemplatePath', sqliteTemplatePath);
  if (postgresRunPrefix) project.provide('postgresRunPrefix', postgresRunPrefix);
  if (postgresSchemaFingerprint) {
    project.provide('postgresSchemaFingerprint', postgresSchemaFingerprint);
  }
  return templates.teardown;
}
