/** The API tests' global set-up: the run's migrated template, which every test file copies. */
import { prepareMigratedTemplate, TEMPLATE_ENV } from './migrated-template';

export default async function globalSetup(): Promise<void> {
  process.env[TEMPLATE_ENV] = await prepareMigratedTemplate();
}
