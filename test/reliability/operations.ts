/**
 * The operations of the reliability matrix: how to set each up, and how to tell it was carried out.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { PAYMENT_STATE } from '../../sandbox/model';
import { runPayNode } from '../harness/runWorkflow';
import { sandboxCredentials } from '../harness/sandboxCredentials';
import { WITHDRAW_TO_PAYEE } from '../harness/parameters';

export interface MatrixOperation {
	name: string;
	/** The sandbox route the operation calls (counters and faults name it so). */
	route: string;
	movesMoney: boolean;
	/** Prepares what the operation needs and returns its node parameters. */
	prepare(sandbox: Sandbox): Promise<IDataObject>;
	/**
	 * How many times the service carried it out, counted from its effects (objects created,
	 * checkouts opened, objects paid, transfers and withdrawals listed, cards charged), never from
	 * what the node answered or from a state that a second time would leave as it was.
	 */
	carriedOut(sandbox: Sandbox): Promise<number>;
	/**
	 * What the node reads at the service to settle a lost answer (the item's
	 * `resolved_by`), if anything.
	 */
	resolvedBy?: string;
	/** Card data the operation handles, which must appear nowhere in its run. */
	cardSecrets?: string[];
}

const payer = {
	payerName: 'Ana',
	documentType: 'CC',
	documentNumber: '1020304050',
	payerEmail: 'ana@example.com',
	payerPhone: '3001112233',
};

async function newPayment(
	sandbox: Sandbox,
	paymentMethods = ['daviplata', 'credit_card'],
): Promise<string> {
	const { items } = await runPayNode({
		parameters: {
			resource: 'payment',
			operation: 'create',
			amount: 5000,
			description: 'matrix',
			paymentMethods,
			payerRedirectUrl: 'https://shop.example/thanks',
			callbackUrl: 'https://hooks.example/webhook/pay',
			expirationDays: 1,
		},
		credentials: sandboxCredentials(sandbox),
	});
	return items[0].json.slug as string;
}

let slug = '';
let cardUuid = '';

/**
 * Times the service put the object `slug` in `state`: a second checkout
 * counts, though the state stays.
 */
async function changesTo(sandbox: Sandbox, state: number): Promise<number> {
	return (await sandbox.control.paymentChanges(slug)).filter((change) => change.state === state)
		.length;
}

export const MATRIX_OPERATIONS: MatrixOperation[] = [
	{
		name: 'Payment → Get (read)',
		route: 'GET /pay_detail/{url}',
		movesMoney: false,
		async prepare(sandbox) {
			slug = await newPayment(sandbox);
			return { resource: 'payment', operation: 'get', slug };
		},
		// A read carries nothing out.
		carriedOut: async () => 0,
	},
	{
		name: 'Payment → Create (idempotency key)',
		route: 'POST /pay/',
		movesMoney: false,
		prepare: async () => ({
			resource: 'payment',
			operation: 'create',
			amount: 1000,
			description: 'matrix create',
			paymentMethods: ['pse'],
			payerRedirectUrl: 'https://shop.example/thanks',
			// The service echoes the callback URL, which carries the callback
			// secret: the leak check sees it.
			callbackUrl: 'https://hooks.example/webhook/pay',
			expirationDays: 1,
		}),
		carriedOut: async (sandbox) =>
			(await sandbox.control.payments()).filter(
				(payment) => payment.description === 'matrix create',
			).length,
	},
	{
		name: 'Checkout → Pay with Daviplata',
		route: 'POST /{url}',
		movesMoney: true,
		async prepare(sandbox) {
			slug = await newPayment(sandbox);
			return { resource: 'checkout', operation: 'payWithDaviplata', slug, ...payer };
		},
		carriedOut: async (sandbox) => await changesTo(sandbox, PAYMENT_STATE.inProcess),
	},
	{
		name: 'Checkout → Pay with Bank Button',
		route: 'POST /{url}',
		movesMoney: true,
		async prepare(sandbox) {
			slug = await newPayment(sandbox, ['bancolombia_transfer']);
			return { resource: 'checkout', operation: 'payWithBankButton', slug, ...payer };
		},
		carriedOut: async (sandbox) => await changesTo(sandbox, PAYMENT_STATE.inProcess),
	},
	{
		name: 'Checkout → Pay in Cash',
		route: 'POST /{url}',
		movesMoney: true,
		async prepare(sandbox) {
			slug = await newPayment(sandbox, ['efecty']);
			return {
				resource: 'checkout',
				operation: 'payInCash',
				slug,
				cashNetwork: 'efecty',
				...payer,
			};
		},
		carriedOut: async (sandbox) => await changesTo(sandbox, PAYMENT_STATE.inProcess),
	},
	{
		name: 'Checkout → Confirm Wallet OTP',
		route: 'POST /pay/confirm_daviplata/',
		movesMoney: true,
		async prepare(sandbox) {
			slug = await newPayment(sandbox);
			await runPayNode({
				parameters: { resource: 'checkout', operation: 'payWithDaviplata', slug, ...payer },
				credentials: sandboxCredentials(sandbox),
			});
			return {
				resource: 'checkout',
				operation: 'confirmWalletOtp',
				slug,
				otp: await sandbox.control.otp(slug),
			};
		},
		carriedOut: async (sandbox) => await changesTo(sandbox, PAYMENT_STATE.paid),
		resolvedBy: 'GET /pay_detail/{slug}',
	},
	{
		name: 'Transfer → Send',
		route: 'POST /send/',
		movesMoney: true,
		prepare: async () => ({
			resource: 'transfer',
			operation: 'send',
			recipient: 'friend',
			amount: 1000,
		}),
		carriedOut: async (sandbox) =>
			(await sandbox.control.transfers()).filter(
				(transfer) =>
					transfer.fromUser === 'demo' && transfer.toUser === 'friend' && transfer.amount === 1000,
			).length,
		resolvedBy: 'GET /send/',
	},
	{
		name: 'Withdrawal → Withdraw',
		route: 'POST /withdraw/co/',
		movesMoney: true,
		prepare: async () => ({
			...WITHDRAW_TO_PAYEE,
			callbackUrl: 'https://hooks.example/webhook/withdrawal',
		}),
		carriedOut: async (sandbox) =>
			(await sandbox.control.withdrawals()).filter(
				(withdrawal) => withdrawal.keyValue === '@payee' && withdrawal.amount === 1000,
			).length,
	},
	{
		name: 'Card → Charge',
		route: 'POST /tc_payment/',
		movesMoney: true,
		async prepare(sandbox) {
			const registered = await runPayNode({
				parameters: {
					resource: 'card',
					operation: 'register',
					cardNumber: '4111111111111111',
					holderName: 'ANA',
					expiry: '12/30',
				},
				credentials: sandboxCredentials(sandbox),
			});
			slug = await newPayment(sandbox);
			cardUuid = registered.items[0].json.card_uuid as string;
			return {
				resource: 'card',
				operation: 'charge',
				cardUuid,
				slug,
				dues: 1,
				cvv: '7391',
			};
		},
		// Each charge the service carried out keeps the CVV it decrypted.
		carriedOut: async (sandbox) =>
			(await sandbox.control.cards()).find((card) => card.uuid === cardUuid)?.chargedCvvs.length ??
			0,
		resolvedBy: 'GET /pay_detail/{slug}',
		cardSecrets: ['7391'],
	},
];
