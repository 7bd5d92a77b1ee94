/**
 * A reference's claim time, kept as three keys in n8n's deduplication store (which only answers "is
 * this exact key recorded?"), is found again by a later execution: never earlier than the claim, at
 * most a tenth of a second later, and the candidates asked for on the way are all taken back.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { claimTimeRecord } from '../../../../nodes/shared/transport/sentRecord';

type Helpers = Pick<IExecuteFunctions['helpers'], 'checkProcessedAndRecord' | 'removeProcessed'>;

function store() {
	const rows = new Map<string, string[]>();
	const helpers = {
		checkProcessedAndRecord: async (items, scope) => {
			const row = rows.get(scope) ?? [];
			const fresh = items.filter((item) => !row.includes(String(item)));
			rows.set(scope, [...row, ...fresh.map(String)]);
			return { new: fresh, processed: items.filter((item) => !fresh.includes(item)) };
		},
		removeProcessed: async (items, scope) => {
			rows.set(
				scope,
				(rows.get(scope) ?? []).filter((key) => !items.map(String).includes(key)),
			);
		},
	} as Helpers;
	return { rows, context: { helpers, getWorkflow: () => ({ id: 'wf' }) } };
}

describe('the claim time of a reference', () => {
	it.each([
		['today', Date.UTC(2026, 10, 27, 3, 14, 15, 926), Date.UTC(2026, 10, 27, 9)],
		['30 days ago, at midnight', Date.UTC(2026, 9, 28, 0, 0, 0, 0), Date.UTC(2026, 10, 27, 9)],
		[
			'a minute ago, at the last tenth of a minute',
			Date.UTC(2026, 10, 27, 8, 58, 59, 999),
			Date.UTC(2026, 10, 27, 8, 59, 30),
		],
	])('claimed %s is found within a tenth of a second after it', async (_when, claimedAt, now) => {
		const { rows, context } = store();
		await claimTimeRecord(context, 'ref-1').record(claimedAt);
		const kept = [...(rows.get('workflow') ?? [])];
		const found = await claimTimeRecord(context, 'ref-1').find(now);
		expect(found).toBeGreaterThan(claimedAt);
		expect(found).toBeLessThanOrEqual(claimedAt + 100);
		expect(rows.get('workflow')).toEqual(kept);
		expect(rows.get('node')).toBeUndefined();
	});

	it('is not found for another reference, nor beyond the days looked back', async () => {
		const { context } = store();
		const claimedAt = Date.UTC(2026, 9, 1, 12);
		await claimTimeRecord(context, 'ref-1').record(claimedAt);
		expect(await claimTimeRecord(context, 'ref-2').find(claimedAt + 1000)).toBeUndefined();
		expect(await claimTimeRecord(context, 'ref-1').find(Date.UTC(2026, 10, 27))).toBeUndefined();
	});

	it('is forgotten with a released reference', async () => {
		const { rows, context } = store();
		const record = claimTimeRecord(context, 'ref-1');
		await record.record(Date.UTC(2026, 10, 27, 3));
		await record.forget();
		expect(rows.get('workflow')).toEqual([]);
		expect(await record.find(Date.UTC(2026, 10, 27, 4))).toBeUndefined();
	});
});
