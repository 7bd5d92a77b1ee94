/**
 * What a failure means, in one table: the kind of failure (read from what came back, the service's
 * own words included) and the request's safety give the outcome, whether the retry policy sends it
 * again, and what becomes of the Reference's record. The request sender, the retry policy, the
 * error text, the ledger, the AI agent's call count and Payment → Create all ask here. A new word
 * of the service: a line in SERVICE_WORDS (and a row in KINDS if it means something new).
 */
import { readErrorFacts } from '../terms/errorFacts';
import type { RequestFailure } from '../wire/failure';
import type { FailureOutcome, ItemOutcome } from '../terms/outcomes';
import type { RequestSafety } from '../terms/requestTypes';

/**
 * What the service did with a request that failed, the one place "the service may have acted" is
 * decided: `never_reached` (nothing left), `answered` (it said no: nothing happened),
 * `may_have_acted` (it was sent and its answer is lost or a server error).
 */
type ServiceDid = 'never_reached' | 'answered' | 'may_have_acted';

/** The outcome of a failure, by what the service did and the request's safety. */
const OUTCOME_BY_SAFETY: Record<ServiceDid, Record<RequestSafety, FailureOutcome>> = {
	never_reached: { read: 'not_sent', idempotent: 'not_sent', once: 'not_sent' },
	answered: { read: 'failed', idempotent: 'refused', once: 'refused' },
	may_have_acted: { read: 'failed', idempotent: 'unknown', once: 'unknown' },
};

/**
 * The kinds of failure, in one vocabulary with the wire's (wire/failure.ts): what the wire saw,
 * with an HTTP failure told apart by its status and the service's words (`kindOf`). A kind the wire
 * learns is a kind here, and KINDS must give it its row: the compiler holds both to one list.
 */
export type FailureKind =
	| Exclude<RequestFailure['kind'], 'http'>
	| 'refusal'
	| 'rate_limited'
	| 'repeated_key'
	| 'server_error';

/**
 * Each kind's row. `retried`: the retry policy sends a `read` or `idempotent` request again after
 * it (backoff, or the service's Retry-After); a `once` request never.
 */
export const KINDS = {
	redirect: { what: 'a redirect (3xx), never followed', service: 'answered', retried: false },
	refusal: { what: '4xx but 429, or a failure body with 2xx', service: 'answered', retried: false },
	rate_limited: { what: 'HTTP 429, too many requests', service: 'answered', retried: true },
	repeated_key: { what: 'double_idempotency_key', service: 'answered', retried: false },
	server_error: { what: 'HTTP 5xx', service: 'may_have_acted', retried: true },
	unreadable: { what: 'a 2xx answer that is not JSON', service: 'may_have_acted', retried: true },
	timeout: { what: 'no answer within the timeout', service: 'may_have_acted', retried: true },
	network: { what: 'the connection broke after sending', service: 'may_have_acted', retried: true },
	canceled: { what: 'the execution was canceled', service: 'may_have_acted', retried: false },
	other: { what: 'any other failure of the client', service: 'may_have_acted', retried: false },
	unreachable: { what: 'no connection could be made', service: 'never_reached', retried: true },
	credential: { what: 'the credential refused to go on', service: 'never_reached', retried: false },
} as const satisfies Record<FailureKind, { what: string; service: ServiceDid; retried: boolean }>;

/**
 * The service's words that give a failure a meaning of its own, read from the start of its
 * `detail` (docs/SERVICE.md, "Failures"). A server error keeps its meaning whatever it says.
 */
const SERVICE_WORDS: ReadonlyArray<readonly [start: string, kind: FailureKind]> = [
	['double_idempotency_key', 'repeated_key'],
];

export function kindOf(failure: RequestFailure): FailureKind {
	if (failure.kind !== 'http') return failure.kind;
	if (failure.status >= 500) return 'server_error';
	return kindOfWords(failure.detail) ?? (failure.status === 429 ? 'rate_limited' : 'refusal');
}

export interface FailureContext {
	safety: RequestSafety;
	/** An earlier attempt of this call was sent and lost its answer (a retried request). */
	earlierAttemptLost?: boolean;
}

export interface FailureMeaning {
	kind: FailureKind;
	/** What the service's words say, whatever the status (a server error keeps its kind). */
	said?: FailureKind;
	outcome: FailureOutcome;
	/** What made the outcome: the kind's cell, or an earlier attempt that may have acted. */
	because: 'kind' | 'earlier_attempt';
	/** Sent again by the retry policy: never a `once` request. */
	retried: boolean;
}

/** What a failure means: the table's cell, then what an earlier lost attempt adds. */
export function meaningOf(failure: RequestFailure, context: FailureContext): FailureMeaning {
	const kind = kindOf(failure);
	const { service, retried } = KINDS[kind];
	const said = failure.kind === 'http' ? kindOfWords(failure.detail) : undefined;
	const cell = { kind, said, retried: retried && context.safety !== 'once' };
	const outcome = OUTCOME_BY_SAFETY[service][context.safety];
	// The last attempt did nothing, but an earlier one was sent and lost its answer: that one may
	// have acted.
	if (context.earlierAttemptLost && context.safety !== 'read' && outcome !== 'unknown')
		return { ...cell, outcome: 'unknown', because: 'earlier_attempt' };
	return { ...cell, outcome, because: 'kind' };
}

/**
 * What the item says after the last failure, once the Reference's record and the service are
 * heard: a repeated key that is the Reference was sent by another execution or worker; a lost
 * answer the service shows went through was sent.
 */
export function outcomeAfter(
	meaning: FailureMeaning,
	heard: { referenceRecorded: boolean; serviceShowsIt?: boolean },
): ItemOutcome {
	if (meaning.said === 'repeated_key' && heard.referenceRecorded) return 'already_sent';
	if (meaning.outcome === 'unknown' && heard.serviceShowsIt === true) return 'sent';
	return meaning.outcome;
}

/** Whether the service may have acted on a request that failed so (it then stays claimed). */
export function serviceMayHaveActed(failure: RequestFailure): boolean {
	return KINDS[kindOf(failure)].service === 'may_have_acted';
}

/** An error's outcome: the one it was given; none given is `not_sent`. */
export function outcomeOf(error: unknown): ItemOutcome {
	// An error nobody gave an outcome was raised before anything was sent: the item pipeline turns
	// one raised after a money-moving request into `unknown` (execution/afterMoneyMoved.ts).
	return readErrorFacts(error).outcome ?? 'not_sent';
}

/** Payment → Create: refused for a key the service has seen, the object exists already. */
export function meansAlreadyCreated(error: unknown): boolean {
	return (
		outcomeOf(error) === 'refused' && kindOfWords(readErrorFacts(error).detail) === 'repeated_key'
	);
}

function kindOfWords(detail: string | undefined): FailureKind | undefined {
	return SERVICE_WORDS.find(([start]) => detail?.startsWith(start) === true)?.[1];
}
