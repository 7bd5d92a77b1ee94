/**
 * What the Pay Tool needs to know about each operation when an AI agent calls it: whether it moves
 * money, where its amount comes from and which fields say where the money goes. Operations not listed
 * here move no money and run as they do in a workflow, except those kept out of tool use.
 */

/** A field that decides where money goes (a recipient, a key, the payment link paid). */
export interface GuardedField {
	/** The parameter's name, as stored in workflows. */
	name: string;
	/** The field's name as the editor shows it. */
	label: string;
}

export interface MoneyOperation {
	/**
	 * `field`: the amount is a field of the node. `paymentObject`: the amount is the payment link's,
	 * read from the service before sending (an agent may create a link of any amount, then pay it).
	 */
	amountFrom: { field: GuardedField } | { paymentObject: GuardedField };
	/** The first one is the destination that the allow-list is checked against. */
	recipientFields: GuardedField[];
	/** How the "Let the Agent Choose …" switch names the recipient fields. */
	recipientNoun: string;
}

const AMOUNT: GuardedField = { name: 'amount', label: 'Amount (COP)' };
const SLUG: GuardedField = { name: 'slug', label: 'Payment Slug' };

const paidLink: MoneyOperation = {
	amountFrom: { paymentObject: SLUG },
	recipientFields: [SLUG],
	recipientNoun: 'Payment Link',
};

const CHECKOUT_PAYMENTS = [
	'payInCash',
	'payWithBankButton',
	'payWithBreb',
	'payWithDaviplata',
	'payWithNequi',
	'payWithOtherMethod',
	'payWithPse',
	'confirmWalletOtp',
];

const withdrawal: MoneyOperation = {
	amountFrom: { field: AMOUNT },
	recipientFields: [
		{ name: 'keyValue', label: 'Key' },
		{ name: 'accountHolderName', label: 'Account Holder Name' },
	],
	recipientNoun: 'Key',
};

const moneyOperations: Record<string, MoneyOperation> = {
	'transfer.send': {
		amountFrom: { field: AMOUNT },
		recipientFields: [{ name: 'recipient', label: 'Recipient Mobile Number or Username' }],
		recipientNoun: 'Recipient',
	},
	'withdrawal.withdraw': withdrawal,
	'withdrawal.withdrawAndWait': withdrawal,
	'card.charge': {
		amountFrom: { paymentObject: SLUG },
		recipientFields: [SLUG, { name: 'cardUuid', label: 'Card UUID' }],
		recipientNoun: 'Payment Link and Card',
	},
	...Object.fromEntries(CHECKOUT_PAYMENTS.map((operation) => [`checkout.${operation}`, paidLink])),
};

/**
 * Operations an AI agent may not call, and why: card data passes through some (a model should
 * neither see card numbers nor add or remove cards on a customer's prompt); the waiting ones pause
 * the whole execution until the service calls back, which an agent's turn cannot do.
 */
const keptOutOfToolUse: Record<string, string> = {
	'card.register': 'card data must not pass through a model',
	'card.delete': 'card data must not pass through a model',
	'card.encryptFields': 'card data must not pass through a model',
	'payment.createAndWait':
		'it pauses the execution until the service calls back; use Create, then Get',
	'withdrawal.withdrawAndWait':
		'it pauses the execution until the service calls back; use Withdraw to Instant-Payment Key',
};

export function findMoneyOperation(
	resource: string,
	operation: string,
): MoneyOperation | undefined {
	return moneyOperations[`${resource}.${operation}`];
}

/** Why agents may not call the operation, or undefined when they may. */
export function whyKeptOutOfToolUse(resource: string, operation: string): string | undefined {
	return keptOutOfToolUse[`${resource}.${operation}`];
}

/**
 * n8n describes a tool to the model by its action ("<action> in Pay"): the action of an operation
 * that moves money says so, for the model and for the user picking it in the nodes panel.
 */
export function actionSayingItMovesMoney(
	resource: string,
	operation: string,
	action: string,
): string {
	return findMoneyOperation(resource, operation) ? `${action} (moves real money)` : action;
}
