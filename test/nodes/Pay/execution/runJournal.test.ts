import { NodeOperationError } from 'n8n-workflow';

import { inputError } from '../../../../nodes/Pay/helpers/inputError';
import {
	noteOutput,
	noteRequest,
	whatTheRunDid,
	withWhatTheRunDid,
} from '../../../../nodes/Pay/execution/runJournal';
import type { RunJournal } from '../../../../nodes/Pay/execution/runJournal';
import { setErrorFacts } from '../../../../nodes/shared/transport/terms/errorFacts';
import type { ItemOutcome } from '../../../../nodes/shared/transport/terms/outcomes';
import type { PayRequest } from '../../../../nodes/shared/transport/terms/requestTypes';
import { payNode } from '../../../harness/payNode';

const node = payNode();
const journal = (): RunJournal => ({ requests: [], slugs: new Map() });
const transfer = (reference: string): PayRequest => ({
	method: 'POST',
	path: '/send/',
	safety: 'once',
	action: 'the transfer of 5 COP to friend',
	reference,
});
const read: PayRequest = {
	method: 'GET',
	path: '/pay_detail/x',
	safety: 'read',
	action: 'the read',
};
const failedWith = (outcome: ItemOutcome) => {
	const error = new NodeOperationError(node, 'failed');
	setErrorFacts(error, { outcome: outcome as never });
	return { error };
};

describe('the run journal', () => {
	it('counts reads but lists only what changed something, with its Reference or slug', () => {
		const noted = journal();
		noteRequest(noted, 0, read);
		noteRequest(noted, 1, transfer('R-1'));
		noteRequest(noted, 2, transfer('R-2'), failedWith('unknown'));
		noteOutput(noted, 1, { slug: 'abc' });
		const said = whatTheRunDid(noted) ?? '';
		expect(said).toContain('sent 3 requests to the service: ');
		expect(said).toContain('1 done, ');
		expect(said).toContain('1 answered (a read: nothing changed)');
		expect(said).toContain('1 outcome unknown');
		expect(said).not.toContain('the read');
		expect(said).toContain(
			'item 1: the transfer of 5 COP to friend (Reference R-1, slug abc): done',
		);
		expect(said).toMatch(/item 2: .*\(Reference R-2\): outcome unknown \(the service may have/);
	});

	it('says nothing when nothing of the run reached the service, and leaves the error as it was', () => {
		const noted = journal();
		noteRequest(noted, 0, transfer('R-0'), failedWith('not_sent'));
		noteRequest(noted, 1, transfer('R-1'), failedWith('already_sent'));
		// As the transport returns it: sent before, no error.
		noteRequest(noted, 3, transfer('R-3'), { outcome: 'already_sent' });
		expect(noted.requests.map((request) => request.ended)).toEqual([
			'not_sent',
			'already_sent',
			'already_sent',
		]);
		expect(whatTheRunDid(noted)).toBeUndefined();
		const error = inputError(node, 2, 'Amount (COP)', 'must be a number');
		withWhatTheRunDid(error, noted);
		expect(error.description).toBe('Nothing was sent to the service.');
	});

	it('once something went out, "nothing was sent" speaks of the item alone', () => {
		const noted = journal();
		noteRequest(noted, 0, transfer('R-0'));
		const error = inputError(node, 1, 'Amount (COP)', 'must be a number');
		withWhatTheRunDid(error, noted);
		expect(error.description).toMatch(/^Nothing was sent for this item\.\n\nBefore stopping, /);
		expect(error.description).not.toContain('Nothing was sent to the service');
	});
});
