import { NodeOperationError } from 'n8n-workflow';

import { setErrorFacts } from '../../../../nodes/shared/errorFacts';
import {
	AlreadySentError,
	SentAsServiceShowsError,
} from '../../../../nodes/shared/transport/earlierSend';
import {
	mayHaveActed,
	movedNothing,
	outcomeOf,
} from '../../../../nodes/shared/transport/failureOutcome';
import type { ItemOutcome } from '../../../../nodes/shared/transport/failureOutcome';
import type { FailureOutcome } from '../../../../nodes/shared/transport/safety';
import { payNode } from '../../../harness/payNode';

const node = payNode();

function failedWith(outcome: FailureOutcome): NodeOperationError {
	const error = new NodeOperationError(node, 'failed');
	setErrorFacts(error, { outcome });
	return error;
}

describe('failureOutcome', () => {
	it('reads the outcome the error was given, and not_sent for an error given none', () => {
		for (const outcome of ['refused', 'not_sent', 'unknown', 'failed'] as const)
			expect(outcomeOf(failedWith(outcome))).toBe(outcome);
		expect(outcomeOf(new TypeError('a bug before sending'))).toBe('not_sent');
		expect(outcomeOf('a thrown text')).toBe('not_sent');
	});

	it('reads an earlier send: already_sent by another execution, sent when the service showed it', () => {
		expect(outcomeOf(new AlreadySentError(node, 0, 'the transfer', 'ref-1'))).toBe('already_sent');
		const shown = { shown: true as const, resolvedBy: 'GET /send/', field: 'transfer' as const };
		const sent = new SentAsServiceShowsError(node, 0, 'the transfer', 'ref-1', {
			...shown,
			record: {},
		});
		expect(outcomeOf(sent)).toBe('sent');
	});

	it('says which outcomes moved nothing and which may have been acted on, never both', () => {
		const all: ItemOutcome[] = ['refused', 'not_sent', 'unknown', 'failed', 'already_sent', 'sent'];
		expect(all.filter(movedNothing)).toEqual(['refused', 'not_sent', 'already_sent']);
		expect(all.filter(mayHaveActed)).toEqual(['unknown', 'sent']);
	});
});
