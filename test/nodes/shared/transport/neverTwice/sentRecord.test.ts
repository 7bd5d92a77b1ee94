/**
 * Claims of a reference as two n8n processes make them: each reads the node's record list, then
 * writes it back whole, with no lock between (modelled here: a read, a pause, a write). The claim
 * records an owner key, waits, and reads its record back: exactly one of two simultaneous claims
 * sends, and a claim another write dropped is recorded again before anything is sent.
 */
import fc from 'fast-check';
import type { INode } from 'n8n-workflow';

import { sentRecordFor } from '../../../../../nodes/shared/transport/neverTwice/sentRecord';
import type { DeduplicationHelpers } from '../../../../../nodes/shared/transport/neverTwice/recordList';

/**
 * The node's record list and the workflow's (rows of n8n's processed_data), shared by every
 * "process".
 */
class SharedRow {
	private rows = new Map<string, string[]>();

	/** The node's list: the references. */
	get keys(): string[] {
		return this.rows.get('node') ?? [];
	}

	/** A process's helpers: each read is written back `gapMs` later, whatever happened meanwhile. */
	helpersWithGap(gapMs: () => number): DeduplicationHelpers {
		const pause = async () => await new Promise((resolve) => setTimeout(resolve, gapMs()));
		const read = (scope: string) => [...(this.rows.get(scope) ?? [])];
		return {
			checkProcessedAndRecord: async (items, scope) => {
				const before = read(scope);
				await pause();
				const fresh = items.filter((item) => !before.includes(String(item)));
				this.rows.set(scope, [...before, ...fresh.map(String)]);
				return { new: fresh, processed: items.filter((item) => !fresh.includes(item)) };
			},
			removeProcessed: async (items, scope) => {
				const before = read(scope);
				await pause();
				this.rows.set(
					scope,
					before.filter((key) => !items.map(String).includes(key)),
				);
			},
		} as DeduplicationHelpers;
	}
}

/** A process of its own: n8n's node as another worker holds it (its own turn queue). */
const processNode = (name: string): INode => ({ id: name, name }) as INode;

const contextOf = (helpers: DeduplicationHelpers) => ({
	helpers,
	getWorkflow: () => ({ id: 'wf' }),
});

describe('two processes claiming one reference at the same instant', () => {
	it('let exactly one send, whatever the timing of their reads and writes', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 0, max: 15 }),
				fc.integer({ min: 0, max: 15 }),
				fc.integer({ min: 0, max: 20 }),
				async (gapA, gapB, startB) => {
					const row = new SharedRow();
					const claim = (node: string, gap: number) =>
						sentRecordFor(
							contextOf(row.helpersWithGap(() => gap)),
							processNode(node),
							'ref-1',
							60,
						).claim();
					const answers = await Promise.all([
						claim('worker-a', gapA),
						new Promise((resolve) => setTimeout(resolve, startB)).then(
							async () => await claim('worker-b', gapB),
						),
					]);
					// Exactly one sends: never both, and never neither (the payout then would not go out).
					expect(answers.filter((answer) => answer === 'none')).toHaveLength(1);
					// And one of them did claim it: the reference is never left unclaimed by both.
					expect(row.keys).toContain('pay-reference:ref-1');
				},
			),
			{ numRuns: 40 },
		);
	});

	it('records a claim again when another write dropped it, before saying it may send', async () => {
		const row = new SharedRow();
		const slow = row.helpersWithGap(() => 30);
		// Another process reads the list before the claim, and writes it back after: the claim is gone.
		const dropping = slow.checkProcessedAndRecord(['pay-reference:ref-other'], 'node', {
			mode: 'entries',
		});
		const claimed = sentRecordFor(
			contextOf(row.helpersWithGap(() => 0)),
			processNode('worker-a'),
			'ref-1',
			60,
		).claim();
		await dropping;
		expect(row.keys).not.toContain('pay-reference:ref-1');
		expect(await claimed).toBe('none');
		expect(row.keys).toEqual(
			expect.arrayContaining(['pay-reference:ref-1', 'pay-reference:ref-other']),
		);
	});
});
