/**
 * /admin/customers and /admin/jobs through the real functions and database: a staff member adds a
 * customer, an address and a job on the customer's screen; on /admin/jobs a CSV with a bad row is
 * previewed with that row's error and cannot be imported, the fixed file is previewed and imported,
 * and its jobs are listed. axe finds nothing on either screen; screenshots at 1280 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, newStaffEmail, signInWithAdminLink } from '../support/admin-e2e';
import { randomTag } from '../support/random-tag';

const shots = '/tmp/shots-customers';

test('staff add a customer and a job, and import jobs from a CSV through its preview', async ({ page, baseURL, isMobile }) => {
  test.skip(isMobile, 'the flow runs once; the phone width is checked at its end');
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  const suffix = randomTag(5);
  const name = `Renata Flores ${suffix}`;
  // Phone numbers no earlier run used, so the import matches only the customers this run added.
  const phone = () => `512-${String(Math.floor(Math.random() * 900) + 100)}-${String(Math.floor(Math.random() * 9000) + 1000)}`;
  await signInWithAdminLink(page, await newStaffEmail(), baseURL!);

  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { name: 'All customers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a customer' }).click();
  const add = page.getByRole('dialog', { name: 'Add a customer' });
  await add.getByRole('button', { name: 'Add customer' }).click();
  await expect(add.getByText('Enter the customer\'s name.')).toBeVisible();
  await expectNoAxeViolations(page);
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Email').fill(`renata.${suffix}@example.com`);
  await add.getByLabel('Phone').fill(phone());
  await add.getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByRole('status')).toHaveText(`${name} was added.`);
  const panel = page.getByRole('region', { name, exact: true });
  await expect(panel).toBeVisible();

  await panel.getByRole('button', { name: `Add address for ${name}` }).click();
  const addressDialog = page.getByRole('dialog', { name: `Add an address for ${name}` });
  await addressDialog.getByLabel('Street address').fill('2100 S Lamar Blvd');
  await addressDialog.getByLabel('City').fill('Austin');
  await addressDialog.getByLabel('ZIP').fill('78704');
  await addressDialog.getByRole('button', { name: 'Add address' }).click();
  await expect(panel.getByText('2100 S Lamar Blvd, Austin, TX 78704')).toBeVisible();

  await panel.getByRole('button', { name: `Add job for ${name}` }).click();
  const jobDialog = page.getByRole('dialog', { name: `Add a job for ${name}` });
  await jobDialog.getByLabel('Service done').fill('Tankless water heater flush');
  await expect(jobDialog.getByLabel('Address')).toHaveValue(/\d+/);
  await jobDialog.getByLabel('Completed on').fill('2026-11-18');
  await jobDialog.getByLabel('Invoice total ($)').fill('12.345');
  await jobDialog.getByRole('button', { name: 'Add job' }).click();
  await expect(jobDialog.getByText('Write the amount in dollars')).toBeVisible();
  await jobDialog.getByLabel('Invoice total ($)').fill('289.00');
  await jobDialog.getByRole('button', { name: 'Add job' }).click();
  await expect(panel.getByRole('heading', { name: 'Jobs (1)' })).toBeVisible();
  await expect(panel.getByText('Tankless water heater flush')).toBeVisible();
  await expect(panel.getByText(/\$289\.00 · unpaid · 2100 S Lamar Blvd/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/customer-detail-1280.png`, fullPage: true });

  await page.goto('/admin/jobs');
  await expect(page.getByRole('heading', { name: 'All jobs' })).toBeVisible();
  const header = 'Job ID,Customer,Email,Phone,Address,City,State,Zip,Service,Completed,Total,Paid';
  const rows = [
    `E2E-${suffix}-1,Omar Haddad ${suffix},omar.${suffix}@example.com,${phone()},88 Rainey St,Austin,TX,78701,Sewer camera inspection,2026-11-10,"$425.00",2026-11-11`,
    `E2E-${suffix}-2,${name},renata.${suffix}@example.com,,2100 S Lamar Blvd,Austin,TX,78704,Faucet replacement,11/12/2026,180,`,
  ];
  const bad = `E2E-${suffix}-3,No Contact ${suffix},,,,,,,Leak repair,not a date,,`;
  const importer = page.getByRole('region', { name: 'Import jobs from a CSV file' });
  await importer.getByLabel('CSV file').setInputFiles({ name: 'jobs.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows, bad].join('\n')) });
  await expect(importer.getByText('3 rows; 1 with errors')).toBeVisible();
  await expect(importer.getByRole('list', { name: 'Rows with errors' })).toContainText('Line 4:');
  await expect(importer.getByLabel('Customer name (required)')).toHaveValue('Customer');
  await expect(importer.getByRole('button', { name: 'Import 3 rows' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await importer.screenshot({ path: `${shots}/jobs-import-preview-1280.png` });

  await importer.getByLabel('CSV file').setInputFiles({ name: 'jobs-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  await expect(importer.getByText('2 rows; no errors.')).toBeVisible();
  await expect(importer.getByRole('table')).toContainText(`Omar Haddad ${suffix}`);
  await expect(importer.getByRole('table')).toContainText('$425.00');
  await importer.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByRole('status')).toHaveText('Imported jobs-fixed.csv: 2 new jobs, 0 updated, 0 already there; 1 new customer.');
  await page.getByLabel('Search by service, customer, address or external id').fill(`E2E-${suffix}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('2 jobs matching')).toBeVisible();
  await expect(page.getByRole('table').getByText('Sewer camera inspection')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/jobs-1280.png`, fullPage: true });

  // The customer who was on the file already got the imported job; the new one was added.
  await page.goto('/admin/customers');
  await page.getByLabel('Search by name, email or phone').fill(suffix);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`2 customers matching “${suffix}”`)).toBeVisible();
  await page.screenshot({ path: `${shots}/customers-1280.png`, fullPage: true });
  await page.getByRole('table').getByRole('button', { name }).click();
  await expect(page.getByRole('region', { name, exact: true }).getByRole('heading', { name: 'Jobs (2)' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('region', { name, exact: true }).getByRole('heading', { name: 'Jobs (2)' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/customer-detail-390.png`, fullPage: true });
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { name: 'All customers' })).toBeVisible();
  await expect(page.getByText(/\d+ customers?\./)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/customers-390.png`, fullPage: true });
});
