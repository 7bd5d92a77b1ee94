import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { SentBefore } from './outcomes';
import type { ServiceCheck } from './serviceCheck';

/**
 * How a request may be repeated, decided by what it does to money and objects:
 * - `read`: reads, fee estimates, the bank list, the public key. Repeating changes nothing.
 * - `idempotent`: payment-object creation with an `idempotency_key` (the service refuses a repeated
 *   key, so a retry never creates a second object), and updates that set the same values again.
 * - `once`: everything that moves money or changes state without a key (checkout, OTP confirmation,
 *   transfer, withdrawal, card charge, card registration, edits). Never repeated automatically.
 */
export type RequestSafety = 'read' | 'idempotent' | 'once';

export interface RetrySettings {
	/** How many times a safe request is repeated after its first attempt. */
	maxRetries: number;
	/** First backoff wait; doubled on every attempt. */
	baseDelayMs: number;
	/** Longest wait the node accepts, whether from backoff or from `Retry-After`. */
	maxDelayMs: number;
}

export const DEFAULT_RETRY_SETTINGS: RetrySettings = {
	maxRetries: 3,
	baseDelayMs: 500,
	maxDelayMs: 30_000,
};

export type PayContext =
	IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions | IPollFunctions;

export const CREDENTIAL_NAME = 'payApi';

export interface PayRequest {
	method: IHttpRequestMethods;
	/**
	 * Path relative to the credential's Base URL, as the spec writes it: `/pay/`, `/pay_detail/abc`.
	 */
	path: string;
	/**
	 * The JSON body, or how to build it when it is about to be sent: an item whose request was done
	 * earlier in the execution (Retry On Fail) then needs nothing of it, not even the public key.
	 */
	body?: IDataObject | (() => Promise<IDataObject>);
	qs?: IDataObject;
	safety: RequestSafety;
	/**
	 * What the request does, for messages, naming what it acts on: "the transfer of 5000 COP to
	 * ana", "reading the payment object abc". Every error of the request starts with it.
	 */
	action: string;
	/** The request creates an object (its failures may carry the service's creation sentence). */
	creates?: boolean;
	/** How to find out whether it went through when the answer is lost. */
	howToCheck?: string;
	/**
	 * How the service can be asked what became of it before a lost answer is reported `unknown`
	 * (serviceCheck.ts): the transfer list (actions/transfer/transferListCheck.ts), or the payment
	 * object's state (paymentObjectCheck.ts). Without it the outcome stays `unknown`.
	 */
	check?: ServiceCheck;
	/**
	 * The item this request serves; needed to keep `once` requests from being repeated on
	 * "Retry On Fail".
	 */
	itemIndex?: number;
	/**
	 * The node run's scope in the at-most-once ledger (`runScope`). Without it nothing is
	 * remembered: only the Pay node's runs need it, not load-options calls or the trigger's reads.
	 */
	ledgerScope?: string;
	/** The credential's data when the caller has it already; read from n8n when not given. */
	credentials?: ICredentialDataDecryptedObject;
	/**
	 * The node when the caller has it already; read from n8n (which copies it each time) when not
	 * given.
	 */
	node?: INode;
	/**
	 * A money-moving request's reference: recorded in n8n's database before sending, so that no later
	 * execution sends it again (sentRecord.ts). Only the Pay node's runs give one.
	 */
	reference?: string;
	/**
	 * The fields of the answer kept beside the Reference's "sent" mark (sentFacts.ts), in this order:
	 * a later execution that meets the mark outputs them. Only ever appended to: records already
	 * kept are read back by position.
	 */
	keep?: readonly string[];
	/**
	 * What a repeat of this Reference can tell of its first send with nothing kept: the facts the
	 * derived Reference is made of (the same Reference, so the same recipient and amount).
	 */
	firstSendWas?: IDataObject;
	/**
	 * How a repeat names its first send when the Reference does not tell what it carried (a mapped
	 * one: "a transfer"), rather than give this item's amount as that send's.
	 */
	firstSendNamed?: string;
	/**
	 * Values this request carries that must not come back in its output or errors (card number,
	 * expiry, CVV).
	 */
	sensitive?: string[];
	/**
	 * Items at Once for a run whose items start together (the item pipeline's send gate): the
	 * request waits for a place on the wire, after its Reference is claimed.
	 */
	gate?: SendGate;
}

/** A request whose body is built. */
export type BuiltRequest = Omit<PayRequest, 'body'> & { body?: IDataObject };

/** What every request of one run of the Pay node is sent with (request.ts's itemRequests). */
export interface ItemRun {
	node: INode;
	/** The run's place in the at-most-once ledger; outside an execution nothing is remembered. */
	ledgerScope?: string;
	settings: TransportSettings;
	/** The Pay API credential, read once per run. */
	credentials(itemIndex: number): Promise<ICredentialDataDecryptedObject>;
	/** Set when the run's items start together: how many may be on the wire at once. */
	gate?: SendGate;
}

export interface TransportSettings {
	timeoutMs: number;
	retry: RetrySettings;
}

export const DEFAULT_TRANSPORT_SETTINGS: TransportSettings = {
	timeoutMs: 30_000,
	retry: DEFAULT_RETRY_SETTINGS,
};

/** Items at Once on the wire for a run whose items start together (the item pipeline keeps it). */
export interface SendGate {
	/** Waits for the item's place (it keeps one it has). */
	enter(itemIndex: number): Promise<void>;
	/** The pipeline is done with the item: its place goes to the next. */
	leave(itemIndex: number): void;
	shut(): void;
	/**
	 * A write the item leaves behind (its "sent" mark), started at once: the next item need not
	 * wait for it, the run does, before it ends. It must not fail.
	 */
	leaveBehind(write: () => Promise<void>): void;
}

/** What a request came to: the service's answer, or that it was sent before (no failure). */
export type RequestResult = { answer: unknown } | { sentBefore: SentBefore };
