/** What the sandbox remembers: the service's records as docs/SERVICE.md describes them. */

export interface Account {
	username: string;
	phone: string;
	email: string;
	apiKey: string;
	refreshToken: string;
	/** Available balance in COP. */
	balance: number;
	emailVerified: boolean;
	phoneVerified: boolean;
	/** Codes sent by `/request_confirmation/`, until used. */
	pendingCodes: { email?: number; phone?: number };
}

/** Payment object states (docs/SERVICE.md, "States"). */
export const PAYMENT_STATE = {
	created: 0,
	inProcess: 1,
	notPaid: 2,
	paid: 3,
	refunded: 4,
	expired: 5,
} as const;

export interface PaymentObject {
	pk: number;
	/** The slug, `url` in the service's answers. */
	slug: string;
	owner: string;
	amount: number;
	description: string;
	expirationDays: number;
	/** Exactly the string the client sent. */
	methodsJson: string;
	payerRedirectUrl: string;
	callback: string;
	clientAssumeCosts: boolean;
	notSendEmail: boolean;
	platform: string;
	idempotencyKey: string;
	state: number;
	createdAt: Date;
	paidAt?: Date;
	expiredAt?: Date;
	paymentMethod: string;
	payer: { name: string; id: string; idType: string; email: string; phone: string };
	cus: string;
	/** The OTP a Daviplata checkout sent to the payer. */
	otp?: string;
	/** Extra fields the client sent that the sandbox does not interpret; echoed back. */
	extra: Record<string, unknown>;
	/** How many of its next callbacks are lost on the way (control API: a dropped callback). */
	dropCallbacks?: number;
}

/**
 * A state the service put a payment object in: a checkout (in process; each one opens a transaction
 * with the payer's bank, wallet or cash network, even on an object already in process), paid,
 * expired, or a state set through the control API. The service's answers never show the list:
 * tests count the service's effects with it.
 */
export interface PaymentChange {
	slug: string;
	state: number;
	method: string;
	date: Date;
}

export interface Transfer {
	fromUser: string;
	toUser: string;
	amount: number;
	date: Date;
	/**
	 * Carried out but not yet in `GET /send/` (control API `listed: false`), until the control API
	 * lists it: then it shows dated when it was made, before the transfers listed meanwhile.
	 */
	heldBack?: boolean;
}

/** Withdrawal states (docs/SERVICE.md, "States"). */
export const WITHDRAWAL_STATE = {
	created: 0,
	inProcess: 1,
	deposited: 2,
	consigned: 3,
	error: 4,
	rejected: 5,
} as const;

export interface Withdrawal {
	id: number;
	owner: string;
	amount: number;
	accountHolderName: string;
	accountType: number;
	keyValue: string;
	description: string;
	callback: string;
	idempotencyKey: string;
	state: number;
	createdAt: Date;
	updatedAt: Date;
	note: string;
}

export interface Card {
	uuid: string;
	owner: string;
	/** Decrypted, kept so tests can prove what the node sent; never answered by the service API. */
	number: string;
	name: string;
	expiration: string;
	bank: string;
	country: string;
	franchise: string;
	createdAt: Date;
	/** CVVs received with charges, decrypted (for the same proof). */
	chargedCvvs: string[];
	/** The plain device fields each charge carried (observed profile), as sent; '' where absent. */
	chargeDevices: CardChargeDevice[];
}

export interface CardChargeDevice {
	imei: string;
	latitude: string;
	longitude: string;
}

export interface CallbackDelivery {
	url: string;
	kind: 'payment' | 'withdrawal';
	contentType: string;
	body: Record<string, unknown>;
	/** HTTP status of the receiver, or the network error. */
	status?: number;
	error?: string;
	/** Lost on purpose (control API): never posted, as a callback lost on the network. */
	dropped?: boolean;
	at: string;
}
