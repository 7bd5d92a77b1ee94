/**
 * The transport's door: the one module code outside nodes/shared/transport/ imports, so that a
 * reader outside never needs to know which room holds what (CONTRIBUTING.md, "The transport's
 * rooms"). Behind it, each room stands only on the rooms below it: request/, neverTwice/,
 * meaning/, wire/, terms/.
 */

/** A request, and every request of one item of the Pay node. */
export { answerOf, itemRequests, payApiRequest } from './request/request';
export { readAllPages, readPages } from './request/allPages';
export type {
	ItemRun,
	PayRequest,
	RequestResult,
	RequestSafety,
	SendGate,
	TransportSettings,
} from './terms/requestTypes';
export { CREDENTIAL_NAME, DEFAULT_RETRY_SETTINGS } from './terms/requestTypes';

/** What an item says happened, and the facts an error carries. */
export type { ItemOutcome, SentBefore } from './terms/outcomes';
export { movedNothing } from './terms/outcomes';
export { readErrorFacts, setErrorFacts } from './terms/errorFacts';
export { meansAlreadyCreated, outcomeOf } from './meaning/failureMeaning';

/** How an operation lets the service be asked what became of a request whose answer was lost. */
export type { Finding, ServiceCheck, ServiceRead } from './terms/serviceCheck';
export { CLOCK_TOLERANCE_MS } from './terms/serviceCheck';

/** A run's requests begin and end (its ledger's lifetime), and the records of References. */
export { endRunScope, runScope } from './request/runScope';
export { sentFactsFor } from './neverTwice/sentFacts';
export { MAX_RECORDED_ENTRIES, nodeListName } from './neverTwice/sentRecord';
