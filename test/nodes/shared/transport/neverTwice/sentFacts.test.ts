/**
 * The facts of a send (the fields of its answer the operation keeps), kept beside its "sent" mark
 * as one key per character in n8n's deduplication store, are found again by a later execution as
 * they were kept: numbers as numbers, text as text (any characters), a few keys per record, the
 * candidates asked for on the way all taken back, and nothing at all (not a guess) when none were
 * kept or two sends' facts are mixed.
 */
import fc from 'fast-check';

import {
	factsOf,
	factsText,
	MAX_FACT_CHARACTERS,
	sentFactsFor,
} from '../../../../../nodes/shared/transport/neverTwice/sentFacts';
import { helperStore } from '../../../../harness/helperStore';

const FIELDS = ['id', 'state'];

describe('the facts of a send kept with its mark', () => {
	it("are found as kept, a withdrawal's id and state in a few keys of the workflow's list only", async () => {
		const { rows, context } = helperStore();
		await sentFactsFor(context, 'PAYOUT-1').keep({ id: 17, state: 0, amount: 20000 }, FIELDS);
		expect(rows.get('workflow')).toHaveLength('17,0'.length);
		expect(rows.get('node')).toBeUndefined();
		expect(await sentFactsFor(context, 'PAYOUT-1').find(FIELDS)).toEqual({ id: 17, state: 0 });
		// Finding them took back every candidate it recorded on the way.
		expect(rows.get('workflow')).toHaveLength(4);
	});

	it('are not known (undefined) for a reference whose record kept none, nor for another reference', async () => {
		const { context } = helperStore();
		await sentFactsFor(context, 'PAYOUT-1').keep({ id: 17, state: 0 }, FIELDS);
		expect(await sentFactsFor(context, 'PAYOUT-2').find(FIELDS)).toBeUndefined();
	});

	it("are not known when two sends' facts were kept for one reference: mixed, they are not guessed", async () => {
		const { context } = helperStore();
		await sentFactsFor(context, 'PAYOUT-1').keep({ id: 17, state: 0 }, FIELDS);
		await sentFactsFor(context, 'PAYOUT-1').keep({ id: 18, state: 0 }, FIELDS);
		expect(await sentFactsFor(context, 'PAYOUT-1').find(FIELDS)).toBeUndefined();
	});

	it('are not kept when they would grow the record past the bound, nor when the answer has none of the fields', () => {
		expect(factsText({ id: 'x'.repeat(MAX_FACT_CHARACTERS) }, ['id'])).toBeUndefined();
		expect(factsText({ other: 1 }, FIELDS)).toBeUndefined();
		expect(factsText('not an object', FIELDS)).toBeUndefined();
	});

	it('read back as written, whatever the text or number (property)', () => {
		const value = fc.oneof(
			fc.string({ maxLength: 8 }),
			fc.string({ unit: 'grapheme', maxLength: 3 }),
			fc.integer(),
			fc.double({ noNaN: true, noDefaultInfinity: true }),
		);
		fc.assert(
			fc.property(value, value, (id, state) => {
				const text = factsText({ id, state }, FIELDS);
				fc.pre(text !== undefined);
				const zeroed = (kept: unknown) => (Object.is(kept, -0) ? 0 : kept);
				expect(factsOf(String(text), FIELDS)).toEqual({ id: zeroed(id), state: zeroed(state) });
			}),
			{ numRuns: 500 },
		);
	});

	it('text of any characters is found again through the store', async () => {
		const { context } = helperStore();
		const facts = { id: 'ñ, %', state: -1.5 };
		await sentFactsFor(context, 'R').keep(facts, FIELDS);
		expect(await sentFactsFor(context, 'R').find(FIELDS)).toEqual(facts);
	});
});
