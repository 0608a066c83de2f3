/** For tests only: the machine's PostgreSQL server the tests use, and how their schemas are named. */
export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Every schema of one test run starts with this; the run's global teardown drops them. */
export const testSchemaPrefix = (run: string): string => `test_${run}_`;
