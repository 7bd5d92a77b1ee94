/**
 * The accounting fields (issue 48) where a payment is waited for: Create and Wait for Payment, once
 * the service shows the link paid, and Get Links Waited For after the limit give under Simplify the
 * same flat set as Payment → Get, from the service's own figures, in both sandbox profiles.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { runPayNode } from '../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import {
	getWaitedLinksAfter,
	readAgainPauses,
	replayCallback,
	slugsOf,
	waitForLinks,
} from './linkWaits';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));
beforeAll(() => (readAgainPauses().pausesMs = [10, 10]));

const ACCOUNTING_FIELDS = [
	'slug',
	'gross_amount',
	'fee_amount',
	'iva_amount',
	'net_amount',
	'currency',
	'paid_at',
	'payment_method',
	'payer_name',
	'payer_email',
	'payer_id',
	'fees_computed',
];

/** Payment → Get of the slug under Simplify: the set a bookkeeper books, as the read gives it. */
async function bookedByGet(slug: string): Promise<IDataObject> {
	const read = await runPayNode({
		typeVersion: 2,
		parameters: { resource: 'payment', operation: 'get', slug } as never,
		credentials: sandboxCredentials(sandbox),
	});
	return accounting(read.items[0].json);
}

const accounting = (item: IDataObject | undefined): IDataObject =>
	Object.fromEntries(ACCOUNTING_FIELDS.map((field) => [field, item?.[field]]));

describe('accounting fields of waited-for payments, Simplify on', () => {
	it('Create and Wait for Payment, resumed paid: the same set as Payment → Get, paid_at a date', async () => {
		const run = await waitForLinks(sandbox, [{ amount: 50000, invoice: 'INV-ACC-1' }]);
		const [slug] = slugsOf(run);
		await sandbox.control.pay(slug);
		const [item] = (await replayCallback(sandbox, run, slug)).items ?? [];
		expect(item).toMatchObject({ payment_outcome: 'paid', slug, gross_amount: 50000 });
		expect(typeof item?.fee_amount).toBe('number');
		expect(item?.paid_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
		expect(accounting(item)).toEqual(await bookedByGet(slug));
	});

	it('Get Links Waited For after the limit: the paid link booked as Payment → Get books it', async () => {
		const run = await waitForLinks(sandbox, [{ amount: 30000, invoice: 'INV-ACC-2' }]);
		const [slug] = slugsOf(run);
		await sandbox.control.pay(slug);
		const after = await getWaitedLinksAfter(sandbox, run);
		const [item] = after.items.map((entry) => entry.json);
		expect(item).toMatchObject({ payment_outcome: 'paid', slug, gross_amount: 30000 });
		expect(accounting(item)).toEqual(await bookedByGet(slug));
	});
});
