/**
 * The failure table walked cell by cell, through the readers that act on it: the retry policy
 * (nextRetryDelay), the request sender's last failure (resolveFailure: the error and its outcome,
 * the Reference's record, the ledger Retry On Fail reads). The grid below is what each cell does;
 * the table (failureMeaning.ts) must say the same.
 */
import { readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';

import { NodeOperationError } from 'n8n-workflow';

import { ledgerPlaceOf, recall } from '../../../../../nodes/shared/transport/neverTwice/ledger';
import { setErrorFacts } from '../../../../../nodes/shared/transport/terms/errorFacts';
import {
	alreadySent,
	sentAsServiceShows,
} from '../../../../../nodes/shared/transport/meaning/earlierSend';
import type { RequestFailure } from '../../../../../nodes/shared/transport/wire/failure';
import {
	KINDS,
	kindOf,
	meaningOf,
	meansAlreadyCreated,
	outcomeOf,
} from '../../../../../nodes/shared/transport/meaning/failureMeaning';
import type { FailureKind } from '../../../../../nodes/shared/transport/meaning/failureMeaning';
import type { RequestSafety } from '../../../../../nodes/shared/transport/terms/requestTypes';
import {
	mayHaveActed,
	movedNothing,
	OUTCOMES,
} from '../../../../../nodes/shared/transport/terms/outcomes';
import type { ItemOutcome } from '../../../../../nodes/shared/transport/terms/outcomes';
import { resolveFailure } from '../../../../../nodes/shared/transport/request/lastFailure';
import type { RequestCall } from '../../../../../nodes/shared/transport/request/lastFailure';
import { DEFAULT_TRANSPORT_SETTINGS } from '../../../../../nodes/shared/transport/terms/requestTypes';
import { nextRetryDelay } from '../../../../../nodes/shared/transport/meaning/retryPolicy';
import type { Finding } from '../../../../../nodes/shared/transport/terms/serviceCheck';
import { payNode } from '../../../../harness/payNode';

const node = payNode();
const REPEATED_KEY = 'double_idempotency_key: the idempotency_key k-1 was already used';

/** One failure of each kind, as the wire hands it to the transport. */
const FAILURES: Record<FailureKind, RequestFailure> = {
	redirect: { kind: 'redirect', status: 302, location: 'https://elsewhere.example/' },
	refusal: { kind: 'http', status: 422, detail: 'Saldo insuficiente' },
	rate_limited: { kind: 'http', status: 429 },
	repeated_key: { kind: 'http', status: 409, detail: REPEATED_KEY },
	server_error: { kind: 'http', status: 503, detail: 'boom' },
	unreadable: { kind: 'unreadable', status: 200, bodyExcerpt: '<html>' },
	timeout: { kind: 'timeout', code: 'ECONNABORTED' },
	network: { kind: 'network', code: 'ECONNRESET' },
	canceled: { kind: 'canceled' },
	other: { kind: 'other', message: 'socket closed by a proxy' },
	unreachable: { kind: 'unreachable', code: 'ECONNREFUSED' },
	credential: { kind: 'credential', message: 'The access token could not be renewed' },
};

type RecordState = 'released' | 'kept' | 'marked_sent';
type RetryOnFail = 'sends' | 'sends, earlier lost' | 'meets the same';
/**
 * kind, safety → outcome, retried, outcome with the Reference recorded, what became of the record,
 * what Retry On Fail meets, outcome after an earlier attempt lost its answer.
 */
type Cell = [
	FailureKind,
	RequestSafety,
	ItemOutcome,
	boolean,
	ItemOutcome,
	RecordState,
	RetryOnFail,
	ItemOutcome,
];

// prettier-ignore
const GRID: Cell[] = [
	['redirect', 'read', 'failed', false, 'failed', 'released', 'sends', 'failed'],
	['redirect', 'idempotent', 'refused', false, 'refused', 'released', 'sends', 'unknown'],
	['redirect', 'once', 'refused', false, 'refused', 'released', 'meets the same', 'unknown'],
	['refusal', 'read', 'failed', false, 'failed', 'released', 'sends', 'failed'],
	['refusal', 'idempotent', 'refused', false, 'refused', 'released', 'sends', 'unknown'],
	['refusal', 'once', 'refused', false, 'refused', 'released', 'meets the same', 'unknown'],
	['rate_limited', 'read', 'failed', true, 'failed', 'released', 'sends', 'failed'],
	['rate_limited', 'idempotent', 'refused', true, 'refused', 'released', 'sends', 'unknown'],
	['rate_limited', 'once', 'refused', false, 'refused', 'released', 'meets the same', 'unknown'],
	['repeated_key', 'read', 'failed', false, 'already_sent', 'marked_sent', 'sends', 'failed'],
	['repeated_key', 'idempotent', 'refused', false, 'already_sent', 'marked_sent', 'sends', 'unknown'],
	['repeated_key', 'once', 'refused', false, 'already_sent', 'marked_sent', 'meets the same', 'unknown'],
	['server_error', 'read', 'failed', true, 'failed', 'released', 'sends', 'failed'],
	['server_error', 'idempotent', 'unknown', true, 'unknown', 'kept', 'sends, earlier lost', 'unknown'],
	['server_error', 'once', 'unknown', false, 'unknown', 'kept', 'meets the same', 'unknown'],
	['unreadable', 'read', 'failed', true, 'failed', 'released', 'sends', 'failed'],
	['unreadable', 'idempotent', 'unknown', true, 'unknown', 'kept', 'sends, earlier lost', 'unknown'],
	['unreadable', 'once', 'unknown', false, 'unknown', 'kept', 'meets the same', 'unknown'],
	['timeout', 'read', 'failed', true, 'failed', 'released', 'sends', 'failed'],
	['timeout', 'idempotent', 'unknown', true, 'unknown', 'kept', 'sends, earlier lost', 'unknown'],
	['timeout', 'once', 'unknown', false, 'unknown', 'kept', 'meets the same', 'unknown'],
	['network', 'read', 'failed', true, 'failed', 'released', 'sends', 'failed'],
	['network', 'idempotent', 'unknown', true, 'unknown', 'kept', 'sends, earlier lost', 'unknown'],
	['network', 'once', 'unknown', false, 'unknown', 'kept', 'meets the same', 'unknown'],
	['canceled', 'read', 'failed', false, 'failed', 'released', 'sends', 'failed'],
	['canceled', 'idempotent', 'unknown', false, 'unknown', 'kept', 'sends, earlier lost', 'unknown'],
	['canceled', 'once', 'unknown', false, 'unknown', 'kept', 'meets the same', 'unknown'],
	['other', 'read', 'failed', false, 'failed', 'released', 'sends', 'failed'],
	['other', 'idempotent', 'unknown', false, 'unknown', 'kept', 'sends, earlier lost', 'unknown'],
	['other', 'once', 'unknown', false, 'unknown', 'kept', 'meets the same', 'unknown'],
	['unreachable', 'read', 'not_sent', true, 'not_sent', 'released', 'sends', 'not_sent'],
	['unreachable', 'idempotent', 'not_sent', true, 'not_sent', 'released', 'sends', 'unknown'],
	['unreachable', 'once', 'not_sent', false, 'not_sent', 'released', 'sends', 'unknown'],
	['credential', 'read', 'not_sent', false, 'not_sent', 'released', 'sends', 'not_sent'],
	['credential', 'idempotent', 'not_sent', false, 'not_sent', 'released', 'sends', 'unknown'],
	['credential', 'once', 'not_sent', false, 'not_sent', 'released', 'sends', 'unknown'],
];

let scopes = 0;

/** The request of one cell, with its own ledger scope and an item, as the Pay node sends it. */
function requestOf(safety: RequestSafety) {
	const request = {
		method: 'POST' as const,
		path: '/send/',
		safety,
		action: 'the transfer',
		howToCheck: 'List transfers and look for it.',
		itemIndex: 0,
		ledgerScope: `failure-table-${++scopes}`,
		reference: 'ref-1',
	};
	return { request, place: ledgerPlaceOf(request) };
}

/** A Reference's record that tells what was done to it. */
function recordSpy() {
	const done: string[] = [];
	const record = {
		claim: async () => await Promise.reject(new Error('not claimed here')),
		claimedAt: async () => undefined,
		markSent: async () => void done.push('marked_sent'),
		release: async () => void done.push('released'),
	};
	return {
		record,
		state: (): RecordState => (done.length === 0 ? 'kept' : (done[0] as RecordState)),
	};
}

/** The last failure of one cell through the request sender's end of a failed request. */
async function lastFailureOf(
	failure: RequestFailure,
	safety: RequestSafety,
	options: { recorded?: boolean; earlierAttemptLost?: boolean; finding?: Finding } = {},
) {
	const { request, place } = requestOf(safety);
	const { record, state } = recordSpy();
	const call: RequestCall = {
		node,
		request,
		settings: DEFAULT_TRANSPORT_SETTINGS,
		connection: undefined as never,
		masked: (value) => value,
		place,
		ask: async () => options.finding,
	};
	const last = { failure, attempts: 1, earlierAttemptLost: options.earlierAttemptLost === true };
	const resolved = await resolveFailure(call, last, options.recorded ? record : undefined, 0);
	// An earlier send is returned, no failure: its item's outcome is the one it says.
	const error = 'error' in resolved ? resolved.error : undefined;
	const outcome = 'error' in resolved ? outcomeOf(resolved.error) : resolved.sentBefore.outcome;
	return {
		error,
		outcome,
		record: state(),
		retryOnFail: () => retryOnFail(place, request, resolved),
	};
}

/** What n8n's Retry On Fail meets when it runs the item again: the ledger's answer. */
function retryOnFail(
	place: ReturnType<typeof ledgerPlaceOf>,
	request: ReturnType<typeof requestOf>['request'],
	resolved: Awaited<ReturnType<typeof resolveFailure>>,
): RetryOnFail {
	try {
		const found = recall(place, request, () => new Error('still under way'));
		if ('answer' in found) throw new Error('an answer was recorded for a failure');
		if ('sentBefore' in found) {
			if (!('sentBefore' in resolved) || found.sentBefore !== resolved.sentBefore)
				throw new Error('another earlier send was recorded');
			return 'meets the same';
		}
		return found.earlierAttemptLost ? 'sends, earlier lost' : 'sends';
	} catch (thrown) {
		if (!('error' in resolved) || thrown !== resolved.error) throw thrown;
		return 'meets the same';
	}
}

describe('the failure table, cell by cell', () => {
	it('has a cell for every kind and safety, and a failure of every kind', () => {
		const kinds = Object.keys(KINDS).sort();
		expect(Object.keys(FAILURES).sort()).toEqual(kinds);
		expect([...new Set(GRID.map(([kind]) => kind))].sort()).toEqual(kinds);
		expect(GRID).toHaveLength(kinds.length * 3);
		for (const [kind, failure] of Object.entries(FAILURES)) expect(kindOf(failure)).toBe(kind);
	});

	it.each(GRID)('%s, %s: %s, retried %s', async (kind, safety, outcome, retried) => {
		const failure = FAILURES[kind];
		expect(nextRetryDelay(safety, failure, 1, DEFAULT_TRANSPORT_SETTINGS.retry) !== undefined).toBe(
			retried,
		);
		const last = await lastFailureOf(failure, safety);
		expect(last.outcome).toBe(outcome);
		// The error says "outcome unknown" exactly when the table does.
		expect(last.error?.message.startsWith('Outcome unknown')).toBe(outcome === 'unknown');
		expect(meaningOf(failure, { safety })).toMatchObject({ kind, outcome, retried });
	});

	it.each(GRID)(
		'%s, %s, with the Reference recorded (without: %s, retried %s): %s, record %s, Retry On Fail %s',
		async (kind, safety, _plain, _retried, recorded, record, onRetry) => {
			const last = await lastFailureOf(FAILURES[kind], safety, { recorded: true });
			expect(last.outcome).toBe(recorded);
			expect(last.record).toBe(record);
			expect(OUTCOMES[recorded].reference).toBe(record);
			expect(last.retryOnFail()).toBe(onRetry);
		},
	);

	it.each(GRID)(
		'%s, %s, after an earlier attempt lost its answer (without: %s)',
		async (kind, safety, ...[, , , , , afterLost]) => {
			const failure = FAILURES[kind];
			const last = await lastFailureOf(failure, safety, { earlierAttemptLost: true });
			expect(last.outcome).toBe(afterLost);
			expect(meaningOf(failure, { safety, earlierAttemptLost: true }).outcome).toBe(afterLost);
		},
	);

	it('calls a lost answer sent when the service shows it went through, and marks the record', async () => {
		const finding: Finding = {
			shown: true,
			resolvedBy: 'GET /send/',
			field: 'transfer',
			record: {},
		};
		for (const kind of ['server_error', 'timeout', 'network', 'unreadable'] as const) {
			const last = await lastFailureOf(FAILURES[kind], 'once', { recorded: true, finding });
			expect(last.outcome).toBe('sent');
			expect(last.error).toBeUndefined();
			expect(last.record).toBe('marked_sent');
			expect(last.retryOnFail()).toBe('meets the same');
		}
		// A refusal is not asked about: the service said no.
		const refused = await lastFailureOf(FAILURES.refusal, 'once', { recorded: true, finding });
		expect(refused.outcome).toBe('refused');
	});

	it('reads the service words before the 429: a repeated key is not sent again', () => {
		const limited: RequestFailure = { kind: 'http', status: 429, detail: REPEATED_KEY };
		expect(kindOf(limited)).toBe('repeated_key');
		expect(nextRetryDelay('idempotent', limited, 1, DEFAULT_TRANSPORT_SETTINGS.retry)).toBe(
			undefined,
		);
		// A server error keeps its meaning whatever it says: the service may have acted.
		expect(kindOf({ ...limited, status: 502 })).toBe('server_error');
	});

	it('says the service may have acted exactly where a write comes out unknown', () => {
		for (const [kind, safety, outcome] of GRID)
			if (safety === 'once')
				expect(KINDS[kind].service === 'may_have_acted').toBe(outcome === 'unknown');
	});
});

describe('the outcomes', () => {
	function failedWith(outcome: ItemOutcome): NodeOperationError {
		const error = new NodeOperationError(node, 'failed');
		setErrorFacts(error, { outcome: outcome as 'refused' });
		return error;
	}

	it('reads the outcome the error was given, and not_sent for an error given none', () => {
		for (const outcome of ['refused', 'not_sent', 'unknown', 'failed'] as const)
			expect(outcomeOf(failedWith(outcome))).toBe(outcome);
		expect(outcomeOf(new TypeError('a bug before sending'))).toBe('not_sent');
		expect(outcomeOf('a thrown text')).toBe('not_sent');
	});

	it('reads an earlier send from what it is, no error: already_sent, or sent when the service showed it', () => {
		expect(alreadySent('the transfer', 'ref-1').outcome).toBe('already_sent');
		const shown = { shown: true as const, resolvedBy: 'GET /send/', field: 'transfer' as const };
		const sent = sentAsServiceShows('the transfer', 'ref-1', { ...shown, record: {} });
		expect(sent).toMatchObject({
			outcome: 'sent',
			output: { outcome: 'sent', reference: 'ref-1' },
		});
		expect(sent).not.toBeInstanceOf(Error);
	});

	it('says which outcomes moved nothing and which may have been acted on, never both', () => {
		const all = Object.keys(OUTCOMES) as ItemOutcome[];
		expect(all.filter(movedNothing).sort()).toEqual([
			'already_created',
			'already_sent',
			'not_sent',
			'refused',
		]);
		expect(all.filter(mayHaveActed).sort()).toEqual(['sent', 'unknown']);
	});

	it("takes a refused repeated key for Payment → Create's already_created, and nothing else", () => {
		const refused = (detail: string, outcome = 'refused') => {
			const error = new NodeOperationError(node, detail);
			setErrorFacts(error, { outcome: outcome as 'refused', detail });
			return error;
		};
		expect(meansAlreadyCreated(refused(REPEATED_KEY))).toBe(true);
		expect(meansAlreadyCreated(refused(REPEATED_KEY, 'unknown'))).toBe(false);
		expect(meansAlreadyCreated(refused('Saldo insuficiente'))).toBe(false);
	});
});

describe('one list of outcomes, one place for the service words', () => {
	const root = join(__dirname, '../../../../..');
	const sources = (folder: string): string[] =>
		readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
			const path = join(folder, entry.name);
			if (entry.isDirectory()) return sources(path);
			return entry.name.endsWith('.ts') ? [path] : [];
		});
	const nodeFiles = sources(join(root, 'nodes'));

	it('lists in the table every outcome the node gives', () => {
		const given = new Set<string>();
		for (const file of nodeFiles)
			for (const match of readFileSync(file, 'utf8').matchAll(
				/\boutcome\s*(?::|===|!==)\s*'([a-z_]+)'/g,
			))
				given.add(match[1]);
		expect(given).toContain('already_created');
		expect([...given].filter((outcome) => !Object.hasOwn(OUTCOMES, outcome))).toEqual([]);
	});

	it("lists in CONTRIBUTING.md exactly the table's outcomes", () => {
		const contributing = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
		const section = contributing.split('### What a failure means')[1]?.split('\n## ')[0] ?? '';
		const listed = [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]);
		expect(listed.sort()).toEqual(Object.keys(OUTCOMES).sort());
	});

	it('gives the meaning of double_idempotency_key in one file under nodes/', () => {
		const saying = nodeFiles.filter((file) =>
			/double_?idempotency_?key/i.test(readFileSync(file, 'utf8')),
		);
		expect(saying.map((file) => relative(root, file))).toEqual([
			'nodes/shared/transport/meaning/failureMeaning.ts',
		]);
	});
});
