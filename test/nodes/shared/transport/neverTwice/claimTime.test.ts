/**
 * A reference's claim time, kept as three keys in n8n's deduplication store (which only answers "is
 * this exact key recorded?"), is found again by a later execution: never earlier than the claim, at
 * most a tenth of a second later, and the candidates asked for on the way are all taken back.
 */

import { claimTimeRecord } from '../../../../../nodes/shared/transport/neverTwice/claimTime';
import { helperStore } from '../../../../harness/helperStore';

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
		const { rows, context } = helperStore();
		await claimTimeRecord(context, 'ref-1').record(claimedAt);
		const kept = [...(rows.get('workflow') ?? [])];
		const found = await claimTimeRecord(context, 'ref-1').find(now);
		expect(found).toBeGreaterThan(claimedAt);
		expect(found).toBeLessThanOrEqual(claimedAt + 100);
		expect(rows.get('workflow')).toEqual(kept);
		expect(rows.get('node')).toBeUndefined();
	});

	it('is not found for another reference, nor beyond the days looked back', async () => {
		const { context } = helperStore();
		const claimedAt = Date.UTC(2026, 9, 1, 12);
		await claimTimeRecord(context, 'ref-1').record(claimedAt);
		expect(await claimTimeRecord(context, 'ref-2').find(claimedAt + 1000)).toBeUndefined();
		expect(await claimTimeRecord(context, 'ref-1').find(Date.UTC(2026, 10, 27))).toBeUndefined();
	});

	it('is forgotten with a released reference', async () => {
		const { rows, context } = helperStore();
		const record = claimTimeRecord(context, 'ref-1');
		await record.record(Date.UTC(2026, 10, 27, 3));
		await record.forget();
		expect(rows.get('workflow')).toEqual([]);
		expect(await record.find(Date.UTC(2026, 10, 27, 4))).toBeUndefined();
	});
});
