/**
 * The operations the Pay node is compared on with n8n's HTTP Request node, each as a user sets up
 * both: the Pay node's fields, and the request the HTTP Request node makes for the same item (the
 * x-api-key and Authorization headers, the access token from a previous "Get token" step, a JSON
 * body template). Money-moving operations run at fewer sizes: each item moves balance.
 */
import type { SandboxEndpoint } from '../sandbox';
import { SANDBOX_CREDENTIAL_ID, SANDBOX_CREDENTIAL_NAME } from '../scripts/n8nRuntime/credential';

export type Operation = 'create' | 'get' | 'send' | 'withdraw';

export interface ComparedOperation {
	operation: Operation;
	/** As rows name it: "Payment → Create". */
	title: string;
	movesMoney: boolean;
	/** The Pay node's parameters, Request Options aside. */
	payParameters(slug: string): Record<string, unknown>;
	/** The HTTP Request node's method, path and JSON body template for the same item. */
	http: { method: 'GET' | 'POST'; path(slug: string): string; jsonBody?: string };
}

const CREATE_BODY = {
	expiration_days: 1,
	payment_method_enabled: JSON.stringify({ pse: true, NEQUI: true }),
	payer_redirect_url: 'https://shop.example/thanks',
	callback: 'https://hooks.example/webhook/pay',
};

/** Who the payouts go to: the sandbox's second account, and an instant-payment alias. */
export const PAYOUT_RECIPIENT = 'friend';
const PAYOUT_KEY = '@payee';

export const COMPARED_OPERATIONS: ComparedOperation[] = [
	{
		operation: 'create',
		title: 'Payment → Create',
		movesMoney: false,
		payParameters: () => ({
			resource: 'payment',
			operation: 'create',
			amount: '={{ $json.amount }}',
			description: '={{ $json.description }}',
			paymentMethods: ['pse', 'NEQUI'],
			payerRedirectUrl: CREATE_BODY.payer_redirect_url,
			callbackUrl: CREATE_BODY.callback,
			expirationDays: 1,
			options: {},
		}),
		http: {
			method: 'POST',
			path: () => '/pay/',
			jsonBody: `={
  "amount": {{ $json.amount }},
  "description": "{{ $json.description }}",
  "expiration_days": ${CREATE_BODY.expiration_days},
  "payment_method_enabled": ${JSON.stringify(CREATE_BODY.payment_method_enabled)},
  "payer_redirect_url": "${CREATE_BODY.payer_redirect_url}",
  "callback": "${CREATE_BODY.callback}"
}`,
		},
	},
	{
		operation: 'get',
		title: 'Payment → Get',
		movesMoney: false,
		payParameters: (slug) => ({ resource: 'payment', operation: 'get', slug }),
		http: { method: 'GET', path: (slug) => `/pay_detail/${slug}` },
	},
	{
		operation: 'send',
		title: 'Transfer → Send',
		movesMoney: true,
		payParameters: () => ({
			resource: 'transfer',
			operation: 'send',
			recipient: PAYOUT_RECIPIENT,
			amount: '={{ $json.amount }}',
			options: {},
		}),
		http: {
			method: 'POST',
			path: () => '/send/',
			jsonBody: `={ "to_user": "${PAYOUT_RECIPIENT}", "amount": {{ $json.amount }} }`,
		},
	},
	{
		operation: 'withdraw',
		title: 'Withdrawal → Withdraw',
		movesMoney: true,
		payParameters: () => ({
			resource: 'withdrawal',
			operation: 'withdraw',
			amount: '={{ $json.amount }}',
			keyValue: PAYOUT_KEY,
			accountHolderName: 'Payee Holder',
			accountType: '8',
			callbackUrl: '',
			options: {},
		}),
		http: {
			method: 'POST',
			path: () => '/withdraw/co/',
			jsonBody: `={ "amount": {{ $json.amount }}, "account_holder_name": "Payee Holder", "account_type": 8, "key_value": "${PAYOUT_KEY}" }`,
		},
	},
];

export function payNodeOf(
	compared: ComparedOperation,
	slug: string,
	requestOptions: Record<string, unknown>,
): Record<string, unknown> {
	return {
		type: 'n8n-nodes-pay.pay',
		typeVersion: 1,
		parameters: { ...compared.payParameters(slug), requestOptions },
		credentials: { payApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } },
	};
}

/** As a user sets it up by hand: headers, the token of the "Get token" step, a JSON body. */
export function httpNodeOf(
	compared: ComparedOperation,
	sandbox: SandboxEndpoint,
	slug: string,
	options: Record<string, unknown>,
): Record<string, unknown> {
	const headers = {
		sendHeaders: true,
		headerParameters: {
			parameters: [
				{ name: 'x-api-key', value: sandbox.demo.apiKey },
				{ name: 'Authorization', value: "=Bearer {{ $('Get token').first().json.access }}" },
			],
		},
	};
	const { method, path, jsonBody } = compared.http;
	const body = jsonBody ? { sendBody: true, specifyBody: 'json', jsonBody } : {};
	const parameters = {
		method,
		url: `${sandbox.baseUrl}${path(slug)}`,
		...headers,
		...body,
		options,
	};
	return { type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, parameters };
}
