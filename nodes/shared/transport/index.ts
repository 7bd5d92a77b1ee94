/**
 * The transport's door: the one module code outside nodes/shared/transport/ imports
 * (CONTRIBUTING.md, "The transport's rooms (planned)"), so that a reader outside never needs to
 * know which file holds what. Its values are copied, not re-exported: a re-export compiles to a
 * getter that runs at every call, and this module would then be one more file every request enters.
 */
import * as allPages from './allPages';
import * as atMostOnce from './atMostOnce';
import * as earlierSend from './earlierSend';
import * as errorFacts from './errorFacts';
import * as failureMeaning from './failureMeaning';
import * as outcomes from './outcomes';
import * as paymentObjectCheck from './paymentObjectCheck';
import * as request from './request';
import * as requestTypes from './requestTypes';
import * as retryPolicy from './retryPolicy';
import * as sentFacts from './sentFacts';
import * as sentRecord from './sentRecord';
import * as transferListCheck from './transferListCheck';

export type { Finding, ServiceCheck, ServiceRead } from './askTheService';
export type { RequestSafety } from './failureMeaning';
export type { ItemOutcome } from './outcomes';
export type { ItemRun, PayRequest, SendGate, TransportSettings } from './requestTypes';

/** A request, and every request of one item of the Pay node. */
export const payApiRequest = request.payApiRequest;
export const itemRequests = request.itemRequests;
export const CREDENTIAL_NAME = requestTypes.CREDENTIAL_NAME;
export const DEFAULT_RETRY_SETTINGS = retryPolicy.DEFAULT_RETRY_SETTINGS;

/** Every page of a list. */
export const readAllPages = allPages.readAllPages;
export const readPages = allPages.readPages;

/** What an item says happened, and the facts an error carries. */
export const outcomeOf = failureMeaning.outcomeOf;
export const meansAlreadyCreated = failureMeaning.meansAlreadyCreated;
export const movedNothing = outcomes.movedNothing;
export const setErrorFacts = errorFacts.setErrorFacts;
export const readErrorFacts = errorFacts.readErrorFacts;
export const isAlreadySent = earlierSend.isAlreadySent;

/** The ledger of one run, and the records of References. */
export const ledgerScope = atMostOnce.ledgerScope;
export const releaseLedger = atMostOnce.releaseLedger;
export const sentFactsFor = sentFacts.sentFactsFor;
export const nodeListName = sentRecord.nodeListName;
export const MAX_RECORDED_ENTRIES = sentRecord.MAX_RECORDED_ENTRIES;

/** How the service shows what became of a lost send (until they move to their operations). */
export const transferListShows = transferListCheck.transferListShows;
export const paymentObjectShows = paymentObjectCheck.paymentObjectShows;
